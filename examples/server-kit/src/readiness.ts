/** A dependency the readiness route asks, by the name it has in the answer. */
export interface DependencyCheck {
  name: 'database' | 'redis';
  /** Resolves when the dependency answers (a `select 1`, a `PING`); rejects otherwise. */
  ping(): Promise<unknown>;
}

export type CheckOutcome = 'ok' | 'unavailable';

export interface ReadinessAnswer {
  status: 200 | 503;
  body: { status: 'ready' | 'unavailable' | 'stopping'; checks: Record<string, CheckOutcome> };
  headers: Record<string, string>;
}

export interface Readiness {
  /** `GET /api/v1/health/ready`: 200 when every configured dependency answers in time, else 503. */
  check(): Promise<ReadinessAnswer>;
  /** From now on the answer is 503 `stopping`, so a balancer stops sending requests here. */
  stop(): void;
}

/** How long a balancer may reuse an answer, and how long a dependency has to answer. */
const FRESH_MS = 1_000;
const RETRY_AFTER_SECONDS = '5';

function answerWithin(check: DependencyCheck, timeoutMs: number): Promise<CheckOutcome> {
  return new Promise<CheckOutcome>((resolve) => {
    const timer = setTimeout(() => resolve('unavailable'), timeoutMs);
    timer.unref();
    const settle = (outcome: CheckOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    check.ping().then(
      () => settle('ok'),
      () => settle('unavailable'),
    );
  });
}

/**
 * Readiness of this instance for a load balancer: the configured dependencies (only those: no
 * database check on the in-memory store, no Redis check without Redis) each get `timeoutMs` to
 * answer, in parallel. Cheap on purpose: concurrent requests share one round of checks, and an
 * answer is reused for a second, so polling it hard costs the database nothing. The body names
 * dependencies and `ok`/`unavailable`, never an address or an error.
 *
 * @example
 * const readiness = createReadiness([{ name: 'database', ping: () => store.ping() }], 1000);
 * const { status, body, headers } = await readiness.check();
 */
export function createReadiness(checks: readonly DependencyCheck[], timeoutMs: number, now: () => number = Date.now): Readiness {
  let stopping = false;
  let last: { at: number; answer: ReadinessAnswer } | undefined;
  let running: Promise<ReadinessAnswer> | undefined;

  async function run(): Promise<ReadinessAnswer> {
    const outcomes = await Promise.all(checks.map((c) => answerWithin(c, timeoutMs)));
    const entries = checks.map((c, i) => [c.name, outcomes[i]!] as const);
    const ready = outcomes.every((o) => o === 'ok');
    const answer: ReadinessAnswer = ready
      ? { status: 200, body: { status: 'ready', checks: Object.fromEntries(entries) }, headers: { 'Cache-Control': 'no-store' } }
      : {
          status: 503,
          body: { status: 'unavailable', checks: Object.fromEntries(entries) },
          headers: { 'Cache-Control': 'no-store', 'Retry-After': RETRY_AFTER_SECONDS },
        };
    last = { at: now(), answer };
    return answer;
  }

  return {
    async check() {
      if (stopping) {
        const checksNow = Object.fromEntries(checks.map((c) => [c.name, last?.answer.body.checks[c.name] ?? 'ok']));
        return {
          status: 503,
          body: { status: 'stopping', checks: checksNow },
          headers: { 'Cache-Control': 'no-store', 'Retry-After': RETRY_AFTER_SECONDS },
        };
      }
      if (last && now() - last.at < FRESH_MS) return last.answer;
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
    stop() {
      stopping = true;
    },
  };
}

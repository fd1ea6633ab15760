import type { Clock } from '../ports/clock.js';
import type { DependencyCheck } from '../ports/dependency-check.js';

/** What one dependency answered: in time (`ok`) or not (`unavailable`: failed, or too slow). */
export type DependencyState = 'ok' | 'unavailable';

/**
 * `auth.checkReadiness()`: whether this instance should get traffic. `ready` when every configured
 * dependency answered in time; `unavailable` naming the ones that did not; `stopping` once
 * `auth.shutdown()` began. It names dependencies and `ok`/`unavailable`, never an address or an error.
 */
export interface ReadinessReport {
  status: 'ready' | 'unavailable' | 'stopping';
  /** One entry per configured dependency (`database`, `redis`, `hasher`): none on an all-in-memory setup. */
  checks: Record<string, DependencyState>;
}

export interface ReadinessOptions {
  /** How long each dependency has to answer, in milliseconds; default 1000. */
  timeoutMs?: number;
}

export interface ReadinessCheck {
  check(): Promise<ReadinessReport>;
  /** From now on the report is `stopping`, so a balancer stops sending requests here. */
  stop(): void;
}

/** How long a report is reused: polling readiness hard costs the dependencies nothing. */
const FRESH_MS = 1_000;
const DEFAULT_TIMEOUT_MS = 1_000;

function answerWithin(dependency: DependencyCheck, timeoutMs: number): Promise<DependencyState> {
  return new Promise<DependencyState>((resolve) => {
    const timer = setTimeout(() => resolve('unavailable'), timeoutMs);
    // A probe must never keep a stopping process alive.
    (timer as { unref?: () => void }).unref?.();
    const settle = (state: DependencyState) => {
      clearTimeout(timer);
      resolve(state);
    };
    dependency.ping().then(
      () => settle('ok'),
      () => settle('unavailable'),
    );
  });
}

/**
 * Readiness over the configured dependencies, each given `timeoutMs`, in parallel. Concurrent
 * probes share one round of checks and a report is reused for a second.
 */
export function createReadinessCheck(
  dependencies: readonly DependencyCheck[],
  clock: Clock,
  options: ReadinessOptions = {},
): ReadinessCheck {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let stopping = false;
  let last: { at: number; report: ReadinessReport } | undefined;
  let running: Promise<ReadinessReport> | undefined;

  async function run(): Promise<ReadinessReport> {
    const states = await Promise.all(dependencies.map((d) => answerWithin(d, timeoutMs)));
    const checks = Object.fromEntries(dependencies.map((d, i) => [d.name, states[i]!]));
    const report: ReadinessReport = { status: states.every((s) => s === 'ok') ? 'ready' : 'unavailable', checks };
    last = { at: clock.now().getTime(), report };
    return report;
  }

  return {
    async check() {
      if (stopping) {
        // The last states seen, so the report still says which dependencies there are.
        const checks = Object.fromEntries(dependencies.map((d) => [d.name, last?.report.checks[d.name] ?? 'ok']));
        return { status: 'stopping', checks };
      }
      if (last && clock.now().getTime() - last.at < FRESH_MS) return last.report;
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

/** The dependencies of an auth instance that can be asked: the store's database, the limiter's service, the hasher's workers. */
export function dependenciesOf(ports: {
  store: { ping?(): Promise<unknown> };
  rateLimiter: { readonly dependency?: DependencyCheck };
  hasher: { ping?(): Promise<unknown> };
}): DependencyCheck[] {
  const { store, rateLimiter, hasher } = ports;
  const found: DependencyCheck[] = [];
  if (store.ping) found.push({ name: 'database', ping: () => store.ping!() });
  if (rateLimiter.dependency) found.push(rateLimiter.dependency);
  if (hasher.ping) found.push({ name: 'hasher', ping: () => hasher.ping!() });
  return found;
}

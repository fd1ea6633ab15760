import { newAccount, login, refresh, register, type Account } from './accounts.js';
import type { Answer, HttpClient } from './http-client.js';
import { msLeft } from './token-claims.js';
import { report } from './token-reach.js';

export type Operation = 'register' | 'login' | 'refresh' | 'me' | 'verify' | 'report' | 'ready' | 'health';

/** One request of the load and how it went. */
export interface Sample {
  op: Operation;
  /** `performance.now()` when it was sent and when its answer (or failure) came. */
  start: number;
  end: number;
  status: number;
  upstream: number | undefined;
  /** A 503 that says it is one: `Retry-After` and the contract's error body. */
  declared503: boolean;
  /**
   * Why the answer breaks the contract for this operation, if it does (a 500, a 401 to a valid token
   * on an instance or the resource service, …).
   */
  unexpected?: string;
  /** No answer from an instance: a connection failure, a client timeout, or nginx's 502/504. */
  lost?: string;
}

/** The registrations of one load: who got a 201, who got no answer (stored or not), and what the others got. */
export interface Ledger {
  /** Every address the load registers ends in `@domain`, so the database can be asked for exactly these. */
  domain: string;
  created: Set<string>;
  unanswered: Set<string>;
  /** Address -> the status it was answered and when the request was sent (`performance.now()`). */
  refused: Map<string, { status: number; sentAt: number }>;
}

export const newLedger = (domain: string): Ledger => ({ domain, created: new Set(), unanswered: new Set(), refused: new Map() });

export interface LoadOptions {
  /** Requests started per second, at most (few hundred at most: this is not a benchmark). */
  ratePerSecond: number;
  maxInFlight: number;
  /** The load stops by itself after this long, even if no one calls stop(). */
  maxDurationMs: number;
  users: VirtualUser[];
  ledger: Ledger;
}

export interface Load {
  readonly samples: Sample[];
  /** Requests not started because `maxInFlight` were waiting (the rate bound held). */
  skipped(): number;
  stop(): Promise<void>;
}

/** An account with its tokens; one request at a time, as one client holds one refresh token. */
export interface VirtualUser {
  account: Account;
  accessToken: string;
  refreshToken: string;
  busy: boolean;
  /** The last refresh got no clear answer: its token may be used up, so a 401 next is the contract, not a bug. */
  tainted: boolean;
  /** After a 401 the user logs in again. */
  needsLogin: boolean;
}

/** Shares of each operation in the mix: mostly token-bearing reads (on an instance or the resource service), some sign-ups and logins. */
const MIX: Array<[Operation, number]> = [
  ['me', 30],
  ['refresh', 20],
  ['verify', 12],
  ['report', 10],
  ['health', 8],
  ['login', 8],
  ['register', 7],
  ['ready', 7],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** Operations that send the user's access token. */
const BEARER_OPERATIONS: ReadonlySet<Operation> = new Set(['me', 'verify', 'report']);
/**
 * A user whose access token has less than this left refreshes first, as the typed client does
 * (its `refreshLeewaySeconds`, 10 s by default; 3 s here, where tokens live 15 s). So every token
 * the load sends is valid when it arrives, and any 401 to it is a failure.
 */
const REFRESH_LEEWAY_MS = 3000;

function pickOperation(): Operation {
  let roll = Math.random() * MIX_TOTAL;
  for (const [op, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return op;
  }
  return 'health';
}

/** Registers `count` load users through the balancer (in small batches) and returns them signed in. */
export async function createVirtualUsers(http: HttpClient, count: number): Promise<VirtualUser[]> {
  const users: VirtualUser[] = [];
  while (users.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, count - users.length) }, async () => {
        let account = newAccount('user', 'users.cluster.test');
        let answer = await register(http, account);
        // Set-up on a loaded machine (CI) may meet a declared 503: do as the contract tells a client,
        // wait Retry-After and try again, a few times, before the set-up fails. A new address each
        // time, as a 503's write may still have landed.
        for (let attempt = 1; answer.status === 503 && attempt <= 3; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after'] ?? 1) * 1000));
          account = newAccount('user', 'users.cluster.test');
          answer = await register(http, account);
        }
        if (answer.status !== 201) throw new Error(`could not register a load user: ${answer.status} ${JSON.stringify(answer.body)}`);
        return {
          account,
          accessToken: answer.body.accessToken,
          refreshToken: answer.body.refreshToken,
          busy: false,
          tainted: false,
          needsLogin: false,
        };
      }),
    );
    users.push(...batch);
  }
  return users;
}

const isDeclared503 = (a: Answer) => a.status === 503 && a.headers['retry-after'] !== undefined && a.body?.statusCode === 503;

function lostReason(a: Answer): string | undefined {
  if (a.status === 0) return a.failure ?? 'no answer';
  if (a.status === 502 || a.status === 504) return `nginx ${a.status}`;
  return undefined;
}

/**
 * A token sent with time to spare that expired while its request waited (on a loaded machine a
 * request can wait seconds) is refused as expired, and the client refreshes next: the contract.
 * Any other 401 to a token the load sent, valid until its answer came, is a failure.
 */
const ranOutInFlight = (op: Operation, user: VirtualUser | undefined, answer: Answer) =>
  BEARER_OPERATIONS.has(op) && answer.status === 401 && answer.body?.code === 'TOKEN_EXPIRED' && msLeft(user!.accessToken) <= 0;

/** Runs one operation and judges its answer against the contract. */
async function perform(
  http: HttpClient,
  op: Operation,
  user: VirtualUser | undefined,
  ledger: Ledger,
  sentAt: number,
): Promise<Omit<Sample, 'start' | 'end'>> {
  let answer: Answer;
  let expected: number[] = [200];
  let account: Account | undefined;
  switch (op) {
    case 'register':
      account = newAccount('load', ledger.domain);
      answer = await register(http, account);
      expected = [201];
      break;
    case 'login':
      answer = await login(http, user!.account.email, user!.account.password);
      break;
    case 'refresh':
      answer = await refresh(http, user!.refreshToken);
      if (user!.tainted) expected = [200, 401];
      break;
    case 'me':
      answer = await http.send('GET', '/api/v1/users/me', { bearer: user!.accessToken });
      break;
    case 'verify':
      answer = await http.send('POST', '/api/v1/auth/verify-token', { bearer: user!.accessToken });
      break;
    case 'report':
      answer = await report(http, 'mine', user!.accessToken);
      break;
    case 'ready':
      answer = await http.send('GET', '/api/v1/health/ready');
      break;
    case 'health':
      answer = await http.send('GET', '/api/v1/health');
      break;
  }
  const lost = lostReason(answer);
  const declared503 = isDeclared503(answer);
  // Readiness answers 503 when a dependency is down: that is its job, not an outage answer.
  const readyDown = op === 'ready' && answer.status === 503;
  let unexpected: string | undefined;
  if (!lost && !declared503 && !readyDown && !expected.includes(answer.status) && !ranOutInFlight(op, user, answer)) {
    unexpected = `${op} answered ${answer.status}${answer.headers['retry-after'] === undefined ? '' : ' (with Retry-After)'}: ${JSON.stringify(answer.body)?.slice(0, 200)}`;
  }

  if (account) {
    if (answer.status === 201) ledger.created.add(account.email);
    else if (lost) ledger.unanswered.add(account.email);
    else ledger.refused.set(account.email, { status: answer.status, sentAt });
  }
  if (user && (op === 'login' || op === 'refresh')) {
    if (answer.status === 200) {
      user.accessToken = answer.body.accessToken;
      user.refreshToken = answer.body.refreshToken;
      user.tainted = false;
      user.needsLogin = false;
    } else if (op === 'refresh' && answer.status === 401) {
      user.needsLogin = true;
    } else if (op === 'refresh') {
      user.tainted = true;
    }
  }
  return {
    op,
    status: answer.status,
    upstream: answer.upstream,
    declared503,
    ...(unexpected ? { unexpected } : {}),
    ...(lost ? { lost } : {}),
  };
}

/** Starts a bounded, self-stopping mixed load through the balancer. */
export function startLoad(http: HttpClient, options: LoadOptions): Load {
  const samples: Sample[] = [];
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let launched = 0;
  let skipped = 0;
  let stopped = false;

  const launch = () => {
    let op = pickOperation();
    let user: VirtualUser | undefined;
    if (op !== 'register' && op !== 'ready' && op !== 'health') {
      user = options.users.find((u) => !u.busy && Math.random() < 0.5) ?? options.users.find((u) => !u.busy);
      if (!user) op = 'health';
      else if (user.needsLogin) op = 'login';
      else if (BEARER_OPERATIONS.has(op) && msLeft(user.accessToken) < REFRESH_LEEWAY_MS) op = 'refresh';
    }
    if (user) user.busy = true;
    const start = performance.now();
    const task = perform(http, op, user, options.ledger, start)
      .then((sample) => void samples.push({ ...sample, start, end: performance.now() }))
      .catch(
        (error: unknown) =>
          void samples.push({
            op,
            start,
            end: performance.now(),
            status: -1,
            upstream: undefined,
            declared503: false,
            unexpected: `the load generator failed: ${String(error)}`,
          }),
      )
      .finally(() => {
        if (user) user.busy = false;
        inFlight.delete(task);
      });
    inFlight.add(task);
  };

  const ticker = setInterval(() => {
    const elapsed = performance.now() - started;
    if (stopped || elapsed >= options.maxDurationMs) {
      stopped = true;
      clearInterval(ticker);
      return;
    }
    const due = Math.floor((options.ratePerSecond * elapsed) / 1000);
    while (launched < due) {
      launched++;
      if (inFlight.size >= options.maxInFlight) skipped++;
      else launch();
    }
  }, 10);

  return {
    samples,
    skipped: () => skipped,
    async stop() {
      stopped = true;
      clearInterval(ticker);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

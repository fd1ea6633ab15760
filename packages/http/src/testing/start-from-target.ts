import { createAuth, createMemoryRateLimiter, parseAuthConfig, type AuthConfigInput } from '@gatehousejs/core';
import { createCapturingMailer } from './capturing-mailer.js';
import {
  SUITE_SECRETS,
  type HttpSuiteTarget,
  type ServerUnderTest,
  type StartServer,
  type SuiteConfig,
  type SuiteServerOptions,
  type SuiteStorage,
} from './server-under-test.js';

export const APP_URL = 'http://app.example.test';
export const SUPER = Object.freeze({ email: 'root@example.com', password: 'bootstrap super password' });

/** Cheap Argon2id parameters keep the suite fast; the real parameters have their own tests. */
const BASE_CONFIG = {
  accessTokenSecret: SUITE_SECRETS.JWT_SECRET,
  refreshTokenSecret: SUITE_SECRETS.JWT_REFRESH_SECRET,
  argon2: { memoryCost: 1024, timeCost: 1 },
  rateLimit: { enabled: false },
} satisfies AuthConfigInput;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The suite's defaults with a describe's settings over them, nested objects merged one level deep. */
function suiteConfig(overrides: SuiteConfig): AuthConfigInput {
  const merged: Record<string, unknown> = { ...BASE_CONFIG };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  // A key pair signs access tokens instead of the suite's secret (which would then sign nothing).
  if ((merged.accessTokenAlgorithm ?? 'HS256') !== 'HS256') delete merged.accessTokenSecret;
  return merged as AuthConfigInput;
}

// Any origin works for in-process requests; it only has to be absolute.
const IN_PROCESS_ORIGIN = 'http://suite.gatehouse.test';

/** A bootstrap super user other than the suite's `SUPER`, for the cases about bootstrapping. */
export interface InstanceOptions extends SuiteServerOptions {
  bootstrap?: { email: string; password: string };
}

/** One app of the suite over `storage`: an `Auth` with the describe's settings, its mailer and the adapter's app. */
async function startApp(target: HttpSuiteTarget, options: InstanceOptions, storage: SuiteStorage): Promise<ServerUnderTest> {
  const config = parseAuthConfig(suiteConfig(options.config ?? {}));
  const opened: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of opened.reverse()) await close();
  };
  try {
    const hashing = target.createHasher?.(config.argon2);
    if (hashing?.close) opened.push(() => hashing.close!());
    const mailer = createCapturingMailer(APP_URL);
    const auth = createAuth({
      config,
      store: storage.store,
      mailer,
      ...(hashing ? { hasher: hashing.hasher } : {}),
      ...(storage.rateLimiter ? { rateLimiter: storage.rateLimiter } : {}),
    });
    // Mails still being sent need the store: wait for them before it closes.
    opened.push(() => auth.whenIdle());
    await auth.ensureSuperUser(options.bootstrap ?? SUPER);
    const app = await target.createApp({ auth, corsOrigins: options.corsOrigins ?? [], trustedProxyHops: options.trustedProxyHops ?? 0 });
    if (app.close) opened.push(() => app.close!());
    if (!app.fetch && !app.baseUrl) throw new Error('createApp must give fetch, baseUrl or both');
    const baseUrl = app.baseUrl?.replace(/\/+$/, '') ?? '';
    const inProcess = app.fetch;
    return {
      request: inProcess
        ? async (path, init) => inProcess(new Request(`${IN_PROCESS_ORIGIN}${path}`, init))
        : (path, init) => fetch(`${baseUrl}${path}`, init),
      baseUrl,
      mails: () => mailer.messages(),
      waitForMail: (match, timeoutMs) => mailer.waitFor(match, timeoutMs),
      close: closeAll,
    };
  } catch (error) {
    await closeAll().catch(() => {});
    throw error;
  }
}

/**
 * Turns what an adapter gives into the suite's `StartServer`: for each `describe`, a fresh store, an
 * `Auth` with the describe's settings and a capturing mailer, the bootstrap `super` user, and the
 * adapter's app around them.
 */
export function startFromTarget(target: HttpSuiteTarget): StartServer {
  return async (options) => {
    const storage = await target.openStorage();
    try {
      const server = await startApp(target, options, storage);
      return { ...server, close: () => server.close().then(() => storage.close()) };
    } catch (error) {
      await storage.close().catch(() => {});
      throw error;
    }
  };
}

/** Several apps on one store: instances of one deployment sharing a database, or one app restarted. */
export interface SharedInstances {
  /** Starts one more instance on the shared store (each with its own `Auth`, hasher, token cache and mailer). */
  start(options?: InstanceOptions): Promise<ServerUnderTest>;
  /** Closes every instance, then the store. */
  close(): Promise<void>;
}

/**
 * For the threats that span instances or restarts (bootstrapping an existing account, instances
 * starting at once, guesses spread over instances): every instance uses the one store, and the
 * rate limiter, that `target.openStorage()` gives once.
 */
export function sharedInstances(target: HttpSuiteTarget): SharedInstances {
  // The promise, not its value: instances started at once must all get the same store.
  let storage: Promise<SuiteStorage> | undefined;
  const servers: ServerUnderTest[] = [];
  return {
    async start(options = {}) {
      // A store without a limiter of its own (memory) gets one shared by every instance, as a
      // deployment shares its counts in Redis or SQL: the cases are about instances, not limiters.
      storage ??= Promise.resolve(target.openStorage()).then((opened) => ({
        ...opened,
        rateLimiter: opened.rateLimiter ?? createMemoryRateLimiter(),
      }));
      const server = await startApp(target, options, await storage);
      servers.push(server);
      return server;
    },
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      if (storage) await (await storage).close();
    },
  };
}

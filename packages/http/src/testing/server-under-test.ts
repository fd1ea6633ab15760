import type { Argon2idParameters, Auth, AuthConfigInput, MfaConfigInput } from '@gatehousejs/core';
import type { AuthStore, PasswordHasher, RateLimiter } from '@gatehousejs/core/ports';

/** A mail as the suite reads it from the capturing mailer. */
export interface CaughtMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** What the suite hands the adapter's `createApp`: an `Auth` it built, and the adapter options it varies. */
export interface SuiteAppParts {
  /** Built by the suite with the configuration of the current `describe`, on your store. */
  auth: Auth;
  /** Browser origins the app must allow through its CORS middleware (empty: none). */
  corsOrigins: readonly string[];
  /** Reverse proxies to trust for `X-Forwarded-For` (the auth and user routes' option). */
  trustedProxyHops: number;
}

/**
 * The adapter's test app, ready to answer. Give `fetch` to be driven in-process (Hono's
 * `app.fetch`), `baseUrl` for real HTTP on loopback, or both: the few cases that must write bytes
 * on a socket (two headers of one name, dot segments, a reused keep-alive connection) need
 * `baseUrl` and are skipped, saying so, without it.
 */
export interface AppUnderTest {
  fetch?: (request: Request) => Response | Promise<Response>;
  /** e.g. `http://127.0.0.1:41234`; no trailing slash. */
  baseUrl?: string;
  /** Stops what `createApp` started (a listening server). */
  close?(): Promise<void>;
}

/** A store for one app of the suite, and how to dispose of it. */
export interface SuiteStorage {
  store: AuthStore;
  /** Counts for the rate limits; defaults to core's in-memory limiter. */
  rateLimiter?: RateLimiter;
  /** Called when the app closes, after the store is idle (close the store, drop a scratch schema). */
  close(): Promise<void>;
}

/**
 * What an adapter gives the HTTP suite (the model is Lucia's `testAdapter(adapter)`): a way to build
 * its test app around an `Auth` the suite configures, and a store. No environment, no example.
 */
export interface HttpSuiteTarget {
  /**
   * Builds the app under test. It must mount, with the adapter's own API: the auth routes at
   * `/api/v1/auth`, the user routes at `/api/v1`, the two probe routes of `SUITE_PROBES`, CORS for
   * `corsOrigins` and the security headers under `/api`, the reset-password page at
   * `/reset-password` (the mail's link), the JSON 404 and the error handler.
   */
  createApp(parts: SuiteAppParts): AppUnderTest | Promise<AppUnderTest>;
  /** A fresh, empty store for each app the suite starts. */
  openStorage(): SuiteStorage | Promise<SuiteStorage>;
  /**
   * The password hasher for the given parameters; defaults to core's Argon2id (hash-wasm, on the
   * calling thread). An off-thread pool makes the timing and flood cases closer to production.
   */
  createHasher?(params: Argon2idParameters): { hasher: PasswordHasher; close?(): Promise<void> };
  /**
   * Why this target cannot run here (a database that cannot be reached, say): the suite is then
   * skipped, with this message. Leave it unset to run, and to fail when something is missing.
   */
  skipReason?: string | undefined;
}

/** A started app of the suite, as the cases use it. */
export interface ServerUnderTest {
  /** Sends one request for `path` (with its query) to the app, in-process or over HTTP, and returns its answer. */
  request(path: string, init: RequestInit): Promise<Response>;
  /** The app's address for cases that need a real socket; `''` when it is driven in-process only. */
  baseUrl: string;
  /** Resolves with the first caught mail (past or future) for which `match` is true. */
  waitForMail(match: (mail: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
  /** Every mail caught so far. */
  mails(): CaughtMessage[];
  close(): Promise<void>;
}

/** Core settings a `describe` of the suite changes (nested objects are merged with the suite's defaults). */
export type SuiteConfig = Partial<Omit<AuthConfigInput, 'accessTokenSecret' | 'refreshTokenSecret'>>;

/** How one `describe` wants its app: core settings and adapter options. */
export interface SuiteServerOptions {
  config?: SuiteConfig;
  /** Second-factor settings over the suite's (`SUITE_MFA`), e.g. `requireForAdmins`. */
  mfa?: Partial<MfaConfigInput>;
  corsOrigins?: string[];
  trustedProxyHops?: number;
}

/** Starts an app for one `describe` of the suite (built from a `HttpSuiteTarget`). */
export type StartServer = (options: SuiteServerOptions) => Promise<ServerUnderTest>;

/**
 * Several servers on one database, as several instances of one deployment (or one instance after a
 * restart) are. Threats that span instances or restarts need it: the bootstrap of an existing
 * account, the lockout counted across instances, concurrent start-up.
 */
export interface SharedDatabase {
  /** Starts a server on the shared database; every server started here sees the same data. */
  start: StartServer;
  /** Removes the database once every server on it is closed. */
  drop(): Promise<void>;
}

/** Opens a fresh database to be shared by the servers of one `describe`. */
export type OpenSharedDatabase = () => Promise<SharedDatabase>;

/** The secrets the suite configures, so it can forge tokens for attacks such as `alg: none`. */
export const SUITE_SECRETS = Object.freeze({
  JWT_SECRET: 'suite-access-secret-0123456789-abcdefghijklmnop',
  JWT_REFRESH_SECRET: 'suite-refresh-secret-0123456789-abcdefghijklmno',
});

/**
 * Two routes the app under test declares with its own guard API, so the suite can prove the
 * adapter's markers on something other than the library's routes: `public` is marked public and
 * answers 200 `{ status: 'ok' }`; `managers` requires any of `manager`, `admin`, `super` and
 * answers 200 `{ ok: true }`. Both only for GET (HEAD follows GET).
 */
export const SUITE_PROBES = Object.freeze({
  public: '/api/v1/probe/public',
  managers: '/api/v1/probe/managers',
});

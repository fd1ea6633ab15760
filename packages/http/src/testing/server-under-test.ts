/** A mail as the suite reads it from the server's catcher. */
export interface CaughtMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A running server with the whole service of the spec, as the HTTP suite needs it. */
export interface ServerUnderTest {
  /** e.g. `http://127.0.0.1:41234`; no trailing slash. */
  baseUrl: string;
  /** Resolves with the first caught mail (past or future) for which `match` is true. */
  waitForMail(match: (mail: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
  /** Every mail caught so far. */
  mails(): CaughtMessage[];
  close(): Promise<void>;
}

/**
 * Starts a server configured by the environment variables of CONTRACT §7 (the suite passes
 * `JWT_SECRET`, `REQUIRE_EMAIL_VERIFICATION`, `BOOTSTRAP_SUPER_*` …, the runner adds the rest:
 * port, store, mail catcher).
 */
export type StartServer = (env: Record<string, string>) => Promise<ServerUnderTest>;

/** The secrets the suite configures, so it can forge tokens for attacks such as `alg: none`. */
export const SUITE_SECRETS = Object.freeze({
  JWT_SECRET: 'suite-access-secret-0123456789-abcdefghijklmnop',
  JWT_REFRESH_SECRET: 'suite-refresh-secret-0123456789-abcdefghijklmno',
});

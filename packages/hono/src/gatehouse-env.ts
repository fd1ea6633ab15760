import type { AccessTokenPayload } from '@gatehousejs/core';

/** What the Gatehouse middlewares put in a Hono context. */
export interface GatehouseVariables {
  /**
   * The verified access-token payload: set by the guard of a `secureRoutes` app on every route that
   * is not marked `publicRoute` (and by `authenticate`), absent on a public route. Optional in the
   * type because it is optional at run time; `requireUser(c)` gives it or answers 401.
   */
  user?: AccessTokenPayload;
  /** The request body after the JSON rules: parsed JSON, or `undefined` for an empty body. */
  body?: unknown;
}

/**
 * The Hono `Env` of Gatehouse apps: `c.get('user')` is typed as `AccessTokenPayload | undefined`.
 * Extend it to add your own bindings or variables.
 *
 * @example
 * type AppEnv = GatehouseEnv & { Bindings: { DB: D1Database } };
 * const api = secureRoutes<AppEnv>(auth);
 */
export interface GatehouseEnv {
  Variables: GatehouseVariables;
}

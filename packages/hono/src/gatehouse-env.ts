import type { AccessTokenPayload } from '@gatehouse/core';

/** What the Gatehouse middlewares put in a Hono context. */
export interface GatehouseVariables {
  /**
   * The verified access-token payload. Set on every route of a `secureRoutes` app that is not
   * marked `publicRoute`; on a public route it is `undefined`.
   */
  user: AccessTokenPayload;
  /** The request body after the JSON rules: parsed JSON, or `undefined` for an empty body. */
  body: unknown;
}

/**
 * The Hono `Env` of Gatehouse apps: `c.get('user')` is typed as `AccessTokenPayload`. Extend it to
 * add your own bindings or variables.
 *
 * @example
 * type AppEnv = GatehouseEnv & { Bindings: { DB: D1Database } };
 * const api = secureRoutes<AppEnv>(auth);
 */
export interface GatehouseEnv {
  Variables: GatehouseVariables;
}

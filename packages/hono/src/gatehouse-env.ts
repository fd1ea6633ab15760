import type { AccessTokenPayload } from '@gatehousejs/core';

/** What the Gatehouse middlewares put in a Hono context. */
export interface GatehouseVariables {
  /** The verified access-token payload, absent on a public route: `requireUser(c)` gives it or answers 401. */
  user?: AccessTokenPayload;
  /** The request body after the JSON rules: parsed JSON, or `undefined` for an empty body. */
  body?: unknown;
}

/**
 * The Hono `Env` of Gatehouse apps (`c.get('user')` typed); extend it with your own bindings or variables.
 * @example const api = secureRoutes<GatehouseEnv & { Bindings: { DB: D1Database } }>(auth);
 */
export interface GatehouseEnv {
  Variables: GatehouseVariables;
}

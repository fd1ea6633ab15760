import type { Auth } from '@gatehousejs/core';
import type { MiddlewareHandler } from 'hono';
import { requireUser } from './guard.js';
import type { GatehouseEnv } from './gatehouse-env.js';

/**
 * A route that needs a recent authentication (changing something sensitive): after the guard, it
 * answers 403 `REAUTHENTICATION_REQUIRED` unless the session's `auth_time` is at most `maxAgeSeconds`
 * old (default `REAUTH_MAX_AGE`, 10 minutes); the client re-authenticates and retries. Without a
 * verified user it is 401, never a 500.
 *
 * @example
 * api.post('/billing/card', recentAuth(auth), (c) => c.json({ ok: true }));
 */
export function recentAuth(auth: Auth<string>, maxAgeSeconds?: number): MiddlewareHandler<GatehouseEnv> {
  return async (c, next) => {
    auth.assertRecentAuthentication(requireUser(c), maxAgeSeconds);
    await next();
  };
}

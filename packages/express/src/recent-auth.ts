import type { Auth } from '@gatehousejs/core';
import type { RequestHandler } from 'express';
import { requireUser } from './guard.js';

/**
 * A route that needs a recent authentication (changing something sensitive): after the guard, it
 * answers 403 `REAUTHENTICATION_REQUIRED` unless the session's `auth_time` is at most `maxAgeSeconds`
 * old (default `REAUTH_MAX_AGE`, 10 minutes); the client re-authenticates and retries. Without a
 * verified user it is 401, never a 500.
 *
 * @example
 * api.post('/billing/card', recentAuth(auth), (_req, res) => { res.json({ ok: true }); });
 */
export function recentAuth(auth: Auth<string>, maxAgeSeconds?: number): RequestHandler {
  return (req, _res, next) => {
    try {
      auth.assertRecentAuthentication(requireUser(req), maxAgeSeconds);
      next();
    } catch (error) {
      next(error);
    }
  };
}

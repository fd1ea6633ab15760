import type { AccessTokenPayload } from '@gatehousejs/core';

// Keyed by the framework's request (Express) or context (Hono) object, and gone with it. A user put
// on the request by anything else (another auth library's `req.user`, a stray `c.set('user')`) is
// never taken for one a Gatehouse guard verified.
const verified = new WeakMap<object, AccessTokenPayload>();

/**
 * Records the access-token payload a Gatehouse guard verified for `request`. Only the adapters'
 * guards call it.
 */
export function rememberVerifiedUser(request: object, user: AccessTokenPayload): void {
  verified.set(request, user);
}

/**
 * The payload a Gatehouse guard verified for `request`, or `undefined` when no guard ran (a public
 * route, or a route outside the guard). Role checks and `requireUser` trust only this.
 *
 * @example
 * const user = verifiedUser(req) ?? (await auth.verifyAccessToken(readBearerToken(header)));
 */
export function verifiedUser(request: object): AccessTokenPayload | undefined {
  return verified.get(request);
}

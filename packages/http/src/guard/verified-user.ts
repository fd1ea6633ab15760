import type { AccessTokenPayload, RolePolicy } from '@gatehousejs/core';

/** What a guard verified: the payload, and the role check of the auth instance that verified it. */
interface Verified {
  user: AccessTokenPayload<string>;
  roles: Pick<RolePolicy<string>, 'satisfies'>;
}

// Keyed by the framework's request (Express) or context (Hono) object, and gone with it. A user put
// on the request by anything else (another auth library's `req.user`, a stray `c.set('user')`) is
// never taken for one a Gatehouse guard verified.
const verified = new WeakMap<object, Verified>();

/**
 * Records the access-token payload a Gatehouse guard verified for `request`, with the role check of
 * the auth instance that verified it (its role set and hierarchy), which `roles(…)` then applies.
 * Only the adapters' guards call it.
 */
export function rememberVerifiedUser(
  request: object,
  user: AccessTokenPayload<string>,
  roles: Pick<RolePolicy<string>, 'satisfies'>,
): void {
  verified.set(request, { user, roles });
}

/**
 * The payload a Gatehouse guard verified for `request`, or `undefined` when no guard ran (a public
 * route, or a route outside the guard). Role checks and `requireUser` trust only this.
 *
 * @example
 * const user = verifiedUser(req) ?? (await auth.verifyAccessToken(readBearerToken(header)));
 */
export function verifiedUser(request: object): AccessTokenPayload<string> | undefined {
  return verified.get(request)?.user;
}

/** The verified user and its auth instance's role check, for `assertRoles`. */
export function verifiedAccess(request: object): Verified | undefined {
  return verified.get(request);
}

import type { AccessTokenPayload, RolePolicy } from '@gatehousejs/core';

/** What a guard verified: the payload, and the role check of the auth instance that verified it. */
interface Verified {
  user: AccessTokenPayload<string>;
  roles: Pick<RolePolicy<string>, 'satisfies'>;
}

/**
 * Where a guard keeps what it verified for a request object, gone with it either way: in a
 * `WeakMap` (the default, for any object), or on the object under a symbol no other module holds.
 * Which is cheaper depends on the framework's object, so its adapter says (`GuardBinding.keepVerified`);
 * measured side by side (docs/performance.md, "The guard path"): a property on Hono's context, a
 * `WeakMap` entry for Express's request, each a few microseconds an answer cheaper than the other.
 */
export type VerifiedKeeping = 'weak-map' | 'symbol';

// A user put on the request by anything else (another auth library's `req.user`, a stray
// `c.set('user')`) is never taken for one a Gatehouse guard verified: only this module can write here.
const verified = new WeakMap<object, Verified>();
const VERIFIED = Symbol('gatehouse verified caller');

type Carrier = { [VERIFIED]?: Verified };

/**
 * Records the access-token payload a Gatehouse guard verified for `request`, with the role check of
 * the auth instance that verified it (its role set and hierarchy), which `roles(…)` then applies.
 * Only the adapters' guards call it.
 */
export function rememberVerifiedUser(
  request: object,
  user: AccessTokenPayload<string>,
  roles: Pick<RolePolicy<string>, 'satisfies'>,
  keeping: VerifiedKeeping = 'weak-map',
): void {
  if (keeping === 'symbol') (request as Carrier)[VERIFIED] = { user, roles };
  else verified.set(request, { user, roles });
}

/**
 * The payload a Gatehouse guard verified for `request`, or `undefined` when no guard ran (a public
 * route, or a route outside the guard). Role checks and `requireUser` trust only this.
 *
 * @example
 * const user = verifiedUser(req) ?? (await auth.verifyAccessToken(readBearerToken(header)));
 */
export function verifiedUser(request: object): AccessTokenPayload<string> | undefined {
  return verifiedAccess(request)?.user;
}

/** The verified user and its auth instance's role check, for `assertRoles`. */
export function verifiedAccess(request: object): Verified | undefined {
  return (request as Carrier)[VERIFIED] ?? verified.get(request);
}

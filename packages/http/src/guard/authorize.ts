import { AuthError, type AccessTokenPayload, type RoleRequirement } from '@gatehousejs/core';
import { verifiedAccess, verifiedUser } from './verified-user.js';

const missingToken = () => new AuthError('TOKEN_MISSING');

/**
 * Deny by default: throws `TOKEN_MISSING` (401) when no guard verified `request`, and
 * `INSUFFICIENT_ROLE` (403) unless the verified user meets the requirement, as judged by the auth
 * instance that verified it (its role set, and its hierarchy when configured).
 *
 * @example
 * assertRoles(req, anyOf('manager'));
 */
export function assertRoles(request: object, requirement: RoleRequirement<string>): void {
  const access = verifiedAccess(request);
  if (!access) throw missingToken();
  if (!access.roles.satisfies(access.user.roles, requirement)) {
    throw new AuthError('INSUFFICIENT_ROLE');
  }
}

/**
 * The user a Gatehouse guard verified for `request`; throws `TOKEN_MISSING` (401) when none did, so
 * a handler or role check reached without the guard denies instead of failing with a 500.
 *
 * @example
 * const user = requireVerifiedUser(req); // AccessTokenPayload, or the 401
 */
export function requireVerifiedUser(request: object): AccessTokenPayload<string> {
  const user = verifiedUser(request);
  if (!user) throw missingToken();
  return user;
}

import { AuthError, satisfiesRoles, type AccessTokenPayload, type RoleRequirement } from '@gatehousejs/core';
import { verifiedUser } from './verified-user.js';

/** Deny by default: throws `INSUFFICIENT_ROLE` unless the verified user meets the requirement. */
export function assertRoles(user: AccessTokenPayload, requirement: RoleRequirement): void {
  if (!satisfiesRoles(user.roles, requirement)) {
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
export function requireVerifiedUser(request: object): AccessTokenPayload {
  const user = verifiedUser(request);
  if (!user) throw new AuthError('TOKEN_MISSING', 'An access token is required (Authorization: Bearer <token>).');
  return user;
}

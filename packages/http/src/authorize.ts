import { AuthError, satisfiesRoles, type AccessTokenPayload, type RoleRequirement } from '@gatehouse/core';

/** Deny by default: throws `INSUFFICIENT_ROLE` unless the verified user meets the requirement. */
export function assertRoles(user: AccessTokenPayload, requirement: RoleRequirement): void {
  if (!satisfiesRoles(user.roles, requirement)) {
    throw new AuthError('INSUFFICIENT_ROLE', 'You do not have a role that allows this.');
  }
}

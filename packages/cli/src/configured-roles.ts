import { createRolePolicy, isAuthError, ROLES } from '@gatehousejs/core';
import { CliFailure, EXIT, type CliIo } from './cli-io.js';

/**
 * The role set the commands accept: `GATEHOUSE_ROLES` (comma-separated, the same list the app gives
 * `createAuth({ roles })`), or the spec's four. Checked by core's own rules (names, `super` present),
 * so the CLI refuses what the app would refuse.
 */
export function configuredRoles(env: CliIo['env']): readonly string[] {
  const listed = env.GATEHOUSE_ROLES?.trim();
  if (!listed) return ROLES;
  const roles = listed.split(',').map((role) => role.trim());
  try {
    return createRolePolicy({ roles }).all;
  } catch (error) {
    if (isAuthError(error)) throw new CliFailure(`GATEHOUSE_ROLES is not a valid role set: ${error.message}`, EXIT.usage);
    throw error;
  }
}

/** `values` as roles of the configured set, without repeats; exit 2 naming any unknown one. */
export function parseRoles(values: readonly unknown[], env: CliIo['env']): string[] {
  const known = configuredRoles(env);
  const roles = [...new Set(values.map(String))];
  const unknown = roles.filter((r) => !known.includes(r));
  if (unknown.length > 0)
    throw new CliFailure(
      `Unknown role ${unknown.map((r) => `"${r}"`).join(', ')}: use ${known.join(', ')} (GATEHOUSE_ROLES sets the list).`,
      EXIT.usage,
    );
  return roles;
}

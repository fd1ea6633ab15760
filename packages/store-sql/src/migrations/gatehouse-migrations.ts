import type { Migration } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';
import { initialSchema } from './0001-initial-schema.js';
import { tokenVersionAndRateLimits } from './0002-token-version-and-rate-limits.js';
import { socialSignIn } from './0003-social-sign-in.js';
import { accountSecurity } from './0004-account-security.js';
import { secondFactors } from './0005-second-factors.js';
import { providerTokens } from './0006-provider-tokens.js';

/**
 * Every migration, in code rather than read from a folder, so it works from `dist` and from a
 * bundle. Names sort in the order they run; never rename or edit one that has shipped: add a new one.
 */
export function gatehouseMigrations(dialect: SqlDialectName): Record<string, Migration> {
  return {
    '0001-initial-schema': initialSchema(dialect),
    '0002-token-version-and-rate-limits': tokenVersionAndRateLimits(dialect),
    '0003-social-sign-in': socialSignIn(dialect),
    '0004-account-security': accountSecurity(dialect),
    '0005-second-factors': secondFactors(dialect),
    '0006-provider-tokens': providerTokens(dialect),
  };
}

import type { AuthStore } from '@gatehousejs/core/ports';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { openSqlStore, parseDatabaseUrl, type SqlConnectionOptions } from '@gatehousejs/store-sql';
import { ConfigurationError } from './env-config.js';
import { connectionFailure } from './start-up-failure.js';

/**
 * Picks the store from `DATABASE_URL` (CONTRACT §7): `memory:` for the in-memory store, anything
 * else (`sqlite:<path>`, `postgres://…`, `mysql://…`) for the SQL store, migrated at start unless
 * `DB_MIGRATE_ON_START=false`. A URL of no known form, or a database that cannot be reached or
 * migrated, rejects with a `ConfigurationError` naming `DATABASE_URL` (never its password), within
 * `connectTimeoutMs` when the server does not answer at all (stopped, frozen, firewalled).
 */
export async function openStore(databaseUrl: string, options: { migrate: boolean } & SqlConnectionOptions): Promise<AuthStore> {
  if (databaseUrl === 'memory:') return createMemoryStore();
  try {
    parseDatabaseUrl(databaseUrl);
  } catch {
    throw new ConfigurationError('DATABASE_URL must be memory:, sqlite:<path>, postgres://… or mysql://… (see docs/stores.md).');
  }
  try {
    return await openSqlStore(databaseUrl, options);
  } catch (error) {
    throw connectionFailure('DATABASE_URL', databaseUrl, error);
  }
}

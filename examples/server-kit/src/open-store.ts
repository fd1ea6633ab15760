import type { AuthStore } from '@gatehouse/core';
import { createMemoryStore } from '@gatehouse/store-memory';
import { openSqlStore } from '@gatehouse/store-sql';

/**
 * Picks the store from `DATABASE_URL` (CONTRACT §7): `memory:` for the in-memory store, anything
 * else (`sqlite:<path>`, `postgres://…`, `mysql://…`) for the SQL store, migrated at start unless
 * `DB_MIGRATE_ON_START=false`.
 */
export async function openStore(databaseUrl: string, options: { migrate: boolean }): Promise<AuthStore> {
  if (databaseUrl === 'memory:') return createMemoryStore();
  return openSqlStore(databaseUrl, { migrate: options.migrate });
}

import type { AuthStore } from '@gatehouse/core';
import { createMemoryStore } from '@gatehouse/store-memory';

/** Picks the store from `DATABASE_URL` (CONTRACT §7). */
export async function openStore(databaseUrl: string, _options: { migrate: boolean }): Promise<AuthStore> {
  if (databaseUrl === 'memory:') return createMemoryStore();
  throw new Error(`DATABASE_URL scheme is not supported: use memory:, sqlite:<path>, postgres:// or mysql://`);
}

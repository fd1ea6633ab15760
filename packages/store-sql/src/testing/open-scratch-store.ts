import { openSqlStore } from '../open-sql-database.js';
import type { SqlStore } from '../create-sql-store.js';
import { DATABASES_REQUIRED, unreachableMessage } from './require-databases.js';
import type { SqlTestServer } from './sql-test-servers.js';

/** A migrated SQL store in a scratch schema (or database, or file) of its own. */
export interface ScratchStore {
  store: SqlStore;
  /** The store's own rate limiter, so counts live in the same database as in production. */
  rateLimiter: SqlStore['rateLimiter'];
  /** Closes the store's pool, then drops the scratch schema. */
  close(): Promise<void>;
}

/**
 * Opens a fresh, migrated store on `database` for one test app, such as each app of the HTTP
 * suite (`openStorage` of its target). Rejects with the reason when the server cannot be reached.
 *
 * @example
 * const postgres = await postgresTestServer();
 * describeHttpSuite('on PostgreSQL', { createApp, openStorage: () => openScratchStore(postgres) });
 */
export async function openScratchStore(database: SqlTestServer): Promise<ScratchStore> {
  if (database.unreachable !== null) throw new Error(unreachableMessage(database.label, database.unreachable));
  const scratch = await database.createScratch();
  try {
    const store = await openSqlStore(scratch.url, { migrate: true });
    return {
      store,
      rateLimiter: store.rateLimiter,
      close: async () => {
        await store.close();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop().catch(() => {});
    throw error;
  }
}

/**
 * Why the tests on `database` cannot run here, for a suite to skip with: the unreachable message,
 * or `undefined` when it is reachable, or when GATEHOUSE_REQUIRE_DATABASES=1 makes an unreachable
 * server a failure (then `openScratchStore` rejects and the tests fail).
 */
export function scratchSkipReason(database: SqlTestServer): string | undefined {
  if (database.unreachable === null || DATABASES_REQUIRED) return undefined;
  return unreachableMessage(database.label, database.unreachable);
}

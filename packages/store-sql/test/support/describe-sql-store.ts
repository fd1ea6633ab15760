import { describeAuthStoreContract } from '@gatehousejs/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlDatabase, openSqlStore, type SqlStore } from '../../src/index.js';
import { describeMigrations } from './describe-migrations.js';
import { describeSqlRateLimiter } from './describe-sql-rate-limiter.js';
import { DATABASES_REQUIRED as REQUIRED, unreachableMessage, type Scratch, type SqlTestServer } from '../../src/testing/index.js';

async function emptyTables(store: SqlStore): Promise<void> {
  // Children first: user_roles references users.
  for (const table of ['user_roles', 'users', 'refresh_tokens', 'one_time_tokens', 'rate_limits'] as const) {
    await store.db.deleteFrom(table).execute();
  }
}

/**
 * Runs the AuthStore contract, the RateLimiter contract and the migration tests against one server. The run gets its own
 * scratch schema/database, migrated once; each test opens a new store (new pool) on it and starts
 * from empty tables. An unreachable server skips, or fails when GATEHOUSE_REQUIRE_DATABASES=1.
 */
export function describeSqlStore(server: SqlTestServer): void {
  if (server.unreachable !== null && REQUIRED) {
    describe(server.label, () => {
      it('is reachable, as GATEHOUSE_REQUIRE_DATABASES=1 demands', () => {
        expect.fail(unreachableMessage(server.label, server.unreachable ?? ''));
      });
    });
    return;
  }
  if (server.unreachable !== null) {
    console.warn(unreachableMessage(server.label, server.unreachable));
  }

  describe.skipIf(server.unreachable !== null)(`SQL store on ${server.label}`, () => {
    let scratch: Scratch | undefined;

    beforeAll(async () => {
      scratch = await server.createScratch();
      const { db, dialect } = await openSqlDatabase(scratch.url);
      try {
        await migrateToLatest(db, dialect);
      } finally {
        await db.destroy();
      }
    });

    afterAll(async () => {
      await scratch?.drop();
    });

    describeAuthStoreContract(server.label, async () => {
      if (!scratch) throw new Error('the scratch database was not created');
      const store = await openSqlStore(scratch.url, { migrate: false });
      await emptyTables(store);
      return { store };
    });

    describeSqlRateLimiter(server.label, () => {
      if (!scratch) throw new Error('the scratch database was not created');
      return scratch.url;
    });

    describeMigrations(server);
  });
}

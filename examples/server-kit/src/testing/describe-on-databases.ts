import type { ServerUnderTest, StartServer } from '@gatehouse/http/testing';
import { DATABASES_REQUIRED, unreachableMessage, type SqlTestServer } from '@gatehouse/store-sql/testing';
import { describe, expect, it } from 'vitest';

/**
 * Runs `suite` against a database server: each server the suite starts gets its own scratch schema
 * (PostgreSQL) or database (MariaDB), dropped when that server closes. An unreachable database
 * skips with a message on a laptop and fails when GATEHOUSE_REQUIRE_DATABASES=1 (CI).
 */
export function describeOnDatabase(
  database: SqlTestServer,
  start: StartServer,
  suite: (start: StartServer) => void,
): void {
  if (database.unreachable !== null) {
    const message = unreachableMessage(database.label, database.unreachable);
    if (DATABASES_REQUIRED) {
      describe(database.label, () => {
        it('is reachable, as GATEHOUSE_REQUIRE_DATABASES=1 demands', () => expect.fail(message));
      });
      return;
    }
    console.warn(message);
  }
  describe.skipIf(database.unreachable !== null)(database.label, () => {
    suite(async (env): Promise<ServerUnderTest> => {
      const scratch = await database.createScratch();
      const server = await start({ ...env, DATABASE_URL: scratch.url });
      return {
        ...server,
        close: async () => {
          await server.close();
          await scratch.drop();
        },
      };
    });
  });
}

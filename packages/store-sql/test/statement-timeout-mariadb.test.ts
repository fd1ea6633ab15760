import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlStore } from '../src/index.js';
import { mariadbTestServer, scratchSkipReason, type Scratch, type SqlTestServer } from '../src/testing/index.js';

const server: SqlTestServer = await mariadbTestServer();

describe.skipIf(scratchSkipReason(server) !== undefined)(
  'threat: a statement the client gave up on runs on at the server (MariaDB)',
  () => {
    let scratch: Scratch;
    beforeAll(async () => {
      scratch = await server.createScratch();
    });
    afterAll(async () => {
      await scratch?.drop();
    });

    it('the server cancels a slow statement itself (max_statement_time) before the client gives up, and the connection stays usable', async () => {
      const store = await openSqlStore(scratch.url, { migrate: true, poolSize: 1, queryTimeoutMs: 1_000 });
      try {
        const started = Date.now();
        const error = await sql`select sleep(3)`.execute(store.db).then(
          () => expect.fail('expected a cancellation'),
          (e: unknown) => e as { code?: string; cause?: { errno?: number } },
        );
        // errno 1969 (max_statement_time exceeded) is the server's answer, before the client's 1 s.
        expect(error.code).toBe('DATABASE_UNAVAILABLE');
        expect(error.cause?.errno).toBe(1969);
        expect(Date.now() - started).toBeLessThan(1_000);
        const [row] = (await sql<{ t: string }>`select @@max_statement_time as t`.execute(store.db)).rows;
        expect(Number(row!.t)).toBeCloseTo(0.9, 3);
      } finally {
        await store.close();
      }
    });
  },
);

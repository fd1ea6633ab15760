import { randomUUID } from 'node:crypto';
import type { UserRecord } from '@gatehousejs/core/ports';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlStore, type SqlStore } from '../src/index.js';
import { postgresTestServer, scratchSkipReason, type Scratch, type SqlTestServer } from '../src/testing/index.js';

const QUERY_TIMEOUT_MS = 500;

function aUser(email: string): UserRecord {
  const now = new Date();
  return {
    id: randomUUID(),
    email,
    username: `u${randomUUID().slice(0, 8)}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    passwordHash: '$argon2id$fake',
    isActive: false,
    roles: [],
    createdAt: now,
    updatedAt: now,
    emailVerifiedAt: null,
    passwordChangedAt: null,
    lastLoginAt: null,
    tokenVersion: 0,
  };
}

const server: SqlTestServer = await postgresTestServer();

describe.skipIf(scratchSkipReason(server) !== undefined)('threat: a registration answered 503 is stored anyway (PostgreSQL)', () => {
  let scratch: Scratch;
  let setup: SqlStore;
  beforeAll(async () => {
    scratch = await server.createScratch();
    setup = await openSqlStore(scratch.url, { migrate: true });
  });
  afterAll(async () => {
    await setup?.close();
    await scratch?.drop();
  });

  it('an insert that timed out behind a lock is rolled back, not committed by the next request on its connection', async () => {
    // One connection, so a request after the timeout would reuse it if it went back to the pool.
    // The client's timeout alone, as with a frozen server, where the server's own cannot act.
    const store = await openSqlStore(scratch.url, {
      migrate: false,
      poolSize: 1,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
      serverStatementTimeoutMs: 0,
    });
    const email = `held-${randomUUID().slice(0, 8)}@example.test`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Another session inserts the same address and keeps its transaction open: ours waits on the unique index.
    const blocker = setup.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into users (id, email, email_key, username, username_key, first_name, last_name, password_hash, is_active, created_at, updated_at, token_version)
          values (${randomUUID()}, ${email}, ${email}, ${'blocker'}, ${'blocker'}, 'B', 'B', 'x', 0, 0, 0, 0)`.execute(trx);
        await held;
        throw new Error('roll the blocker back');
      })
      .catch(() => {});
    try {
      const refused = aUser(email);
      await expect(store.users.createUser(refused)).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      // The blocker goes away: the server now runs our insert, and must roll it back.
      release();
      await blocker;
      const next = aUser(`next-${randomUUID().slice(0, 8)}@example.test`);
      await store.users.createUser(next);
      expect(await setup.users.findUserById(next.id)).not.toBeNull();
      expect(await setup.users.findUserById(refused.id)).toBeNull();
      expect(await setup.users.findUserByEmail(email)).toBeNull();
    } finally {
      release();
      await store.close();
    }
  });

  it('a slow server cancels the statement itself before the client gives up: a known rollback, the connection kept', async () => {
    const store = await openSqlStore(scratch.url, { migrate: false, poolSize: 1, queryTimeoutMs: 1_000 });
    try {
      const started = Date.now();
      const error = await sql`select pg_sleep(3)`.execute(store.db).then(
        () => expect.fail('expected a cancellation'),
        (e: unknown) => e as { code?: string; cause?: { code?: string } },
      );
      expect(error.code).toBe('DATABASE_UNAVAILABLE');
      // 57014: canceled by statement_timeout (900 ms), the server's answer, not the client's 1 s.
      expect(error.cause?.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(1_000);
      const user = aUser(`after-${randomUUID().slice(0, 8)}@example.test`);
      await store.users.createUser(user);
      expect(await setup.users.findUserById(user.id)).not.toBeNull();
    } finally {
      await store.close();
    }
  });

  it('a registration whose COMMIT outlived the timeout and committed at the server is undone (account and refresh token) once the database answers', async () => {
    // A COMMIT the server completes after the client gave up, as a frozen server does on SIGCONT:
    // a deferred trigger makes every commit that inserted a user take a second.
    await sql`create or replace function slow_commit() returns trigger language plpgsql as $$ begin perform pg_sleep(1); return null; end $$`.execute(
      setup.db,
    );
    await sql`create constraint trigger slow_commit after insert on users deferrable initially deferred for each row execute function slow_commit()`.execute(
      setup.db,
    );
    const store = await openSqlStore(scratch.url, { migrate: false, queryTimeoutMs: QUERY_TIMEOUT_MS, serverStatementTimeoutMs: 0 });
    try {
      // As registration stores it: the account and its first refresh token in one transaction.
      const refused = aUser(`late-${randomUUID().slice(0, 8)}@example.test`);
      const session = {
        jti: randomUUID(),
        familyId: randomUUID(),
        userId: refused.id,
        issuedAt: refused.createdAt,
        expiresAt: new Date(refused.createdAt.getTime() + 3_600_000),
      };
      await expect(store.createUserWithRefreshToken(refused, session)).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      // The server finishes that COMMIT anyway…
      await expect.poll(() => setup.users.findUserById(refused.id), { timeout: 3_000, interval: 100 }).not.toBeNull();
      await sql`drop trigger slow_commit on users`.execute(setup.db);
      // …and the store deletes the account nobody was told about (first try after 1 s, confirmed 3 s later).
      await expect.poll(() => setup.users.findUserById(refused.id), { timeout: 8_000, interval: 200 }).toBeNull();
      // …with the refresh token nobody received.
      const tokensOf = () => setup.db.selectFrom('refresh_tokens').select('jti').where('user_id', '=', refused.id).execute();
      await expect.poll(tokensOf, { timeout: 2_000, interval: 100 }).toEqual([]);
    } finally {
      await sql`drop trigger if exists slow_commit on users`.execute(setup.db);
      await store.close();
    }
  }, 20_000);
});

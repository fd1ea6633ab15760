import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_TABLE, createSqlStore, migrateToLatest, openSqlDatabase, type SqlDatabase } from '../../src/index.js';
import { runMigrations } from '../../src/migrate-to-latest.js';
import { initialSchema } from '../../src/migrations/0001-initial-schema.js';
import { tokenVersionAndRateLimits } from '../../src/migrations/0002-token-version-and-rate-limits.js';
import { gatehouseMigrations } from '../../src/migrations/gatehouse-migrations.js';
import type { Scratch, SqlTestServer } from '../../src/testing/index.js';

const GATEHOUSE_TABLES = [
  'oauth_states',
  'one_time_tokens',
  'provider_tokens',
  'rate_limits',
  'refresh_tokens',
  'revocations',
  'sessions',
  'user_identities',
  'user_roles',
  'users',
];
const SECOND_FACTOR_TABLES = ['auth_challenges', 'passkeys', 'recovery_codes', 'totp_factors'];
const ALL_MIGRATIONS = [
  '0001-initial-schema',
  '0002-token-version-and-rate-limits',
  '0003-social-sign-in',
  '0004-account-security',
  '0005-second-factors',
  '0006-provider-tokens',
];
const AFTER_0001 = ALL_MIGRATIONS.slice(1);

/** A database as deployments before 0002 have it: only the first migration applied and recorded. */
const migrateTo0001 = ({ db, dialect }: SqlDatabase) => runMigrations(db, dialect, { '0001-initial-schema': initialSchema(dialect) });

async function tableNames({ db, dialect }: SqlDatabase, scratch: Scratch): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  // PostgreSQL's introspection lists every schema; keep only the scratch schema.
  return tables.filter((table) => dialect !== 'postgres' || table.schema === scratch.name).map((table) => table.name);
}

const aUserRow = (id: string, email: string, username: string) => ({
  id,
  email,
  email_key: email.toLowerCase(),
  username,
  username_key: username.toLowerCase(),
  first_name: 'Ada',
  last_name: 'Lovelace',
  password_hash: '$x$',
  is_active: 0,
  created_at: Date.parse('2026-01-01T00:00:00.123Z'),
  updated_at: Date.parse('2026-01-01T00:00:00.123Z'),
});

/** Migration behaviour on an empty scratch database of `server`. */
export function describeMigrations(server: SqlTestServer): void {
  describe(`migrations on ${server.label}`, () => {
    const opened: Array<{ database: SqlDatabase; scratch: Scratch }> = [];
    const freshDatabase = async () => {
      const scratch = await server.createScratch();
      const database = await openSqlDatabase(scratch.url);
      opened.push({ database, scratch });
      return { database, scratch };
    };

    afterEach(async () => {
      for (const { database, scratch } of opened.splice(0)) {
        await database.db.destroy();
        await scratch.drop();
      }
    });

    it('creates every table on an empty database and applies nothing on a second run', async () => {
      const { database, scratch } = await freshDatabase();
      expect(await tableNames(database, scratch)).toEqual([]);

      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: ALL_MIGRATIONS });
      expect(await tableNames(database, scratch)).toEqual(expect.arrayContaining([...GATEHOUSE_TABLES, MIGRATION_TABLE]));
      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: [] });
    });

    it('applies the migrations once when two runs start together', async () => {
      const { database, scratch } = await freshDatabase();
      const other = await openSqlDatabase(scratch.url);
      try {
        const runs = await Promise.all([migrateToLatest(database.db, database.dialect), migrateToLatest(other.db, other.dialect)]);
        expect(runs.flatMap((run) => run.applied).sort()).toEqual(ALL_MIGRATIONS);
      } finally {
        await other.db.destroy();
      }
    });

    it('upgrades a database that has only 0001: existing users read as token version 0', async () => {
      const { database, scratch } = await freshDatabase();
      expect(await migrateTo0001(database)).toEqual({ applied: ['0001-initial-schema'] });
      // A row written by a deployment that knew nothing of token versions.
      await database.db
        .insertInto('users')
        .values(aUserRow('id-1', 'ada@x.com', 'ada'))
        .execute();

      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: AFTER_0001 });
      expect(await tableNames(database, scratch)).toEqual(expect.arrayContaining(GATEHOUSE_TABLES));
      // The store is not closed here: afterEach destroys the shared Kysely instance.
      const store = createSqlStore(database);
      expect((await store.users.findUserById('id-1'))?.tokenVersion).toBe(0);
      expect(await store.users.bumpTokenVersion('id-1', new Date('2026-01-02T00:00:00.000Z'))).toBe(1);
      expect(await store.rateLimiter.hit('k', { limit: 1, windowSeconds: 60 }, new Date('2026-01-02T00:00:00.000Z'))).toMatchObject({
        count: 1,
      });
      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: [] });
    });

    it('finishes 0002 when a crashed run made its changes but did not record them', async () => {
      const { database } = await freshDatabase();
      await migrateTo0001(database);
      await tokenVersionAndRateLimits(database.dialect).up(database.db);

      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: AFTER_0001 });
      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: [] });
    });

    it('enforces case-insensitive uniqueness in the database, not only in the store code', async () => {
      const { database } = await freshDatabase();
      await migrateToLatest(database.db, database.dialect);
      await database.db
        .insertInto('users')
        .values(aUserRow('id-1', 'ada@x.com', 'Ada'))
        .execute();

      await expect(
        database.db
          .insertInto('users')
          .values(aUserRow('id-2', 'ADA@x.com', 'other'))
          .execute(),
      ).rejects.toThrow();
      await expect(
        database.db
          .insertInto('users')
          .values(aUserRow('id-3', 'other@x.com', 'ADA'))
          .execute(),
      ).rejects.toThrow();
      expect(await database.db.selectFrom('users').select('id').execute()).toEqual([{ id: 'id-1' }]);
    });

    it('adds the second-factor tables to a database in use and keeps its users, who can then enroll', async () => {
      const { database, scratch } = await freshDatabase();
      const before0005 = Object.fromEntries(Object.entries(gatehouseMigrations(database.dialect)).filter(([name]) => name < '0005'));
      await runMigrations(database.db, database.dialect, before0005);
      await database.db
        .insertInto('users')
        .values(aUserRow('id-1', 'ada@x.com', 'ada'))
        .execute();

      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: ['0005-second-factors', '0006-provider-tokens'] });
      expect(await tableNames(database, scratch)).toEqual(expect.arrayContaining([...GATEHOUSE_TABLES, ...SECOND_FACTOR_TABLES]));
      const store = createSqlStore(database);
      expect((await store.users.findUserById('id-1'))?.email).toBe('ada@x.com');
      expect(await store.totpFactors.savePendingTotpFactor({ userId: 'id-1', secretCiphertext: 'x', createdAt: new Date(0) })).toBe(true);
    });

    it('adds provider_tokens to a database in use; a row goes with its identity', async () => {
      const { database, scratch } = await freshDatabase();
      const before0006 = Object.fromEntries(Object.entries(gatehouseMigrations(database.dialect)).filter(([name]) => name < '0006'));
      await runMigrations(database.db, database.dialect, before0006);
      await database.db
        .insertInto('users')
        .values(aUserRow('id-1', 'ada@x.com', 'ada'))
        .execute();

      expect(await migrateToLatest(database.db, database.dialect)).toEqual({ applied: ['0006-provider-tokens'] });
      expect(await tableNames(database, scratch)).toEqual(expect.arrayContaining(GATEHOUSE_TABLES));
      const store = createSqlStore(database);
      const identity = {
        id: 'identity-1',
        userId: 'id-1',
        provider: 'github',
        issuer: 'https://github.com',
        subject: '1',
        email: null,
        emailVerified: false,
        displayName: null,
        avatarUrl: null,
        createdAt: new Date(0),
        lastLoginAt: new Date(0),
      };
      await store.identities.linkIdentity(identity);
      const tokens = {
        identityId: 'identity-1',
        userId: 'id-1',
        accessToken: 'sealed',
        refreshToken: null,
        accessTokenExpiresAt: null,
        scope: null,
        updatedAt: new Date(0),
      };
      await store.identities.saveProviderTokens(tokens);
      expect(await store.identities.findProviderTokens('identity-1')).toEqual(tokens);
      // The foreign key alone (no store method) removes the row with its identity.
      await database.db.deleteFrom('user_identities').where('id', '=', 'identity-1').execute();
      expect(await database.db.selectFrom('provider_tokens').selectAll().execute()).toEqual([]);
    });

    it('stores timestamps as integer epoch milliseconds', async () => {
      const { database } = await freshDatabase();
      await migrateToLatest(database.db, database.dialect);
      await database.db
        .insertInto('users')
        .values(aUserRow('id-1', 'ada@x.com', 'ada'))
        .execute();

      const row = await database.db.selectFrom('users').select('created_at').executeTakeFirstOrThrow();
      expect(Number(row.created_at)).toBe(Date.parse('2026-01-01T00:00:00.123Z'));
    });
  });
}

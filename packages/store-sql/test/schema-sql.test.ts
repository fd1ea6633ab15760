import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/migrate-to-latest.js';
import { openSqlDatabase } from '../src/open-sql-database.js';
import { schemaSql } from '../src/schema-sql.js';
import { sqliteTestServer } from '../src/testing/sql-test-servers.js';
import { sql } from 'kysely';

const tablesOf = (statements: string[]) =>
  statements.flatMap((s) => /^create table (?:if not exists )?["`]?(\w+)/i.exec(s)?.[1] ?? []).sort();

describe('schemaSql', () => {
  it.each(['sqlite', 'postgres', 'mysql'] as const)('prints create statements for every Gatehouse table on %s', async (dialect) => {
    const statements = await schemaSql(dialect);
    expect(tablesOf(statements)).toEqual(
      expect.arrayContaining(['one_time_tokens', 'rate_limits', 'refresh_tokens', 'user_roles', 'users']),
    );
    expect(statements.every((s) => /^(create|alter)\b/i.test(s))).toBe(true);
  });

  it('quotes identifiers the way each dialect does', async () => {
    expect((await schemaSql('postgres'))[0]).toContain('"users"');
    expect((await schemaSql('mysql'))[0]).toContain('`users`');
    expect((await schemaSql('mysql'))[0]).toContain('utf8mb4_bin');
  });

  it('builds, when run on an empty SQLite database, the same tables as migrateToLatest', async () => {
    const server = sqliteTestServer();
    const printed = await server.createScratch();
    const migrated = await server.createScratch();
    const a = await openSqlDatabase(printed.url);
    const b = await openSqlDatabase(migrated.url);
    try {
      for (const statement of await schemaSql('sqlite')) await sql.raw(statement).execute(a.db);
      await migrateToLatest(b.db, b.dialect);
      const shape = async (db: typeof a.db) =>
        (
          await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
            where type in ('table', 'index') and name not like 'gatehouse_migration%' and name not like 'sqlite_%' order by name`.execute(
            db,
          )
        ).rows;
      expect(await shape(a.db)).toEqual(await shape(b.db));
    } finally {
      await a.db.destroy();
      await b.db.destroy();
      await printed.drop();
      await migrated.drop();
    }
  });
});

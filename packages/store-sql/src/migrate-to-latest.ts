import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { AuthError } from '@gatehousejs/core';
import { gatehouseMigrations } from './migrations/gatehouse-migrations.js';
import type { SqlDialectName } from './sql-dialect.js';

/**
 * Gatehouse's own bookkeeping tables, so it never mixes its history with an application's Kysely
 * migrations in the same database.
 */
export const MIGRATION_TABLE = 'gatehouse_migration';
export const MIGRATION_LOCK_TABLE = 'gatehouse_migration_lock';

/** What a migration run did. */
export interface MigrationSummary {
  /** Names of the migrations applied by this run, in order; empty when already up to date. */
  applied: string[];
}

/**
 * PostgreSQL: Kysely looks for its bookkeeping table in every schema, so a table of that name in a
 * sibling schema would be mistaken for ours. Pinning it to the current schema (the first of
 * `search_path`) keeps one database able to hold several Gatehouse schemas.
 */
async function migrationTableSchema(db: Kysely<any>, dialect: SqlDialectName): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new AuthError('MIGRATION_FAILED', 'Gatehouse migrations: PostgreSQL has no current schema; check search_path.');
  return schema;
}

async function allExecuted(migrator: Migrator): Promise<boolean> {
  try {
    return (await migrator.getMigrations()).every((migration) => migration.executedAt !== undefined);
  } catch {
    return false;
  }
}

/**
 * Brings the Gatehouse tables up to the latest schema. Safe to run at every start and from several
 * processes at once: Kysely takes a lock, and a database that is already current is left alone.
 *
 * @example
 * const { db, dialect } = await openSqlDatabase('sqlite:./data/gatehouse.db');
 * const { applied } = await migrateToLatest(db, dialect);
 */
export async function migrateToLatest(db: Kysely<any>, dialect: SqlDialectName): Promise<MigrationSummary> {
  return runMigrations(db, dialect, gatehouseMigrations(dialect));
}

/**
 * Applies `migrations` (all of Gatehouse's, or the first few of them to set up an older schema in a
 * test) with Gatehouse's bookkeeping tables. Internal: not exported from the package.
 */
export async function runMigrations(
  db: Kysely<any>,
  dialect: SqlDialectName,
  migrations: Record<string, Migration>,
): Promise<MigrationSummary> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    migrationTableSchema: await migrationTableSchema(db, dialect),
  });
  let { error, results = [] } = await migrator.migrateToLatest();
  // Another runner got there first. Kysely's lock is a no-op on SQLite, so two processes starting
  // together can race; the loser's transaction rolled back. When the winner is still at work, the
  // loser tries again (a few times) from where the winner's committed history now stands.
  for (let retry = 0; error !== undefined && dialect === 'sqlite' && retry < 5; retry++) {
    if (await allExecuted(migrator)) return { applied: [] };
    await new Promise((resolve) => setTimeout(resolve, 20 * (retry + 1)));
    ({ error, results = [] } = await migrator.migrateToLatest());
  }
  if (error !== undefined && (await allExecuted(migrator))) return { applied: [] };
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const detail = error instanceof Error ? error.message : String(error);
    throw new AuthError('MIGRATION_FAILED', `Gatehouse migration ${failed ?? '(setup)'} failed: ${detail}`, undefined, { cause: error });
  }
  return { applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}

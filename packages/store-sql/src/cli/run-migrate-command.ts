import { migrateToLatest } from '../migrate-to-latest.js';
import { openSqlDatabase } from '../open-sql-database.js';

/** What the command reads and where it writes, so it runs the same from a shell and from a test. */
export interface MigrateCommandIo {
  databaseUrl: string | undefined;
  log(line: string): void;
  error(line: string): void;
}

/**
 * Migrates the database at `databaseUrl` to the latest Gatehouse schema and returns the exit code:
 * 0 done (or already current), 1 migration or connection failed, 2 no URL given.
 */
export async function runMigrateCommand(io: MigrateCommandIo): Promise<number> {
  if (!io.databaseUrl) {
    io.error('DATABASE_URL is not set. Use sqlite:<path>, postgres://…, postgresql://…, mysql://… or mariadb://….');
    return 2;
  }
  let database;
  try {
    database = await openSqlDatabase(io.databaseUrl);
    const { applied } = await migrateToLatest(database.db, database.dialect);
    if (applied.length === 0) io.log(`Gatehouse schema (${database.dialect}) is already up to date.`);
    for (const name of applied) io.log(`Applied migration ${name} (${database.dialect}).`);
    return 0;
  } catch (error) {
    // The URL is never printed: it may hold a password.
    io.error(`Gatehouse migration failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.db.destroy();
  }
}

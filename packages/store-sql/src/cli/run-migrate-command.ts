import { migrateToLatest } from '../migrate-to-latest.js';
import { openSqlDatabase } from '../open-sql-database.js';

/** What the command reads and where it writes, so it runs the same from a shell and from a test. */
export interface MigrateCommandIo {
  /** The command-line arguments after the command's name; only `--help` is known. */
  args?: readonly string[];
  databaseUrl: string | undefined;
  log(line: string): void;
  error(line: string): void;
}

const FORMS = 'sqlite:<path>, postgres://…, postgresql://…, mysql://… or mariadb://…';

const USAGE = [
  'Usage: DATABASE_URL=<url> gatehouse-migrate',
  'Brings the database at DATABASE_URL to the latest Gatehouse schema.',
  `DATABASE_URL: ${FORMS}.`,
  'Exit codes: 0 done or already up to date, 1 failed, 2 DATABASE_URL missing or an unknown argument.',
];

/**
 * Migrates the database at `databaseUrl` to the latest Gatehouse schema and returns the exit code:
 * 0 done (or already current, or `--help`), 1 migration or connection failed, 2 no URL given or an
 * unknown argument (so a mistyped flag never migrates).
 */
export async function runMigrateCommand(io: MigrateCommandIo): Promise<number> {
  const args = io.args ?? [];
  if (args.includes('--help') || args.includes('-h')) {
    for (const line of USAGE) io.log(line);
    return 0;
  }
  if (args.length > 0) {
    io.error(`Unknown argument "${args[0]}".`);
    for (const line of USAGE) io.error(line);
    return 2;
  }
  if (!io.databaseUrl) {
    io.error(`DATABASE_URL is not set. Use ${FORMS}.`);
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

import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import { createSqlStore, type SqlStore } from './create-sql-store.js';
import { migrateToLatest } from './migrate-to-latest.js';
import { parseDatabaseUrl, type DatabaseTarget } from './parse-database-url.js';
import type { GatehouseDatabase } from './schema/database-schema.js';
import type { SqlDatabase } from './sql-dialect.js';

/** Drivers are optional peers: import only the one the URL asks for, and say which is missing. */
async function importDriver<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(`This database URL needs the "${name}" package; install it next to @gatehouse/store-sql.`, { cause: error });
  }
}

async function sqliteDialect(filename: string): Promise<Dialect> {
  const { default: Database } = await importDriver('better-sqlite3', () => import('better-sqlite3'));
  const inMemory = filename === ':memory:';
  const path = inMemory ? filename : resolve(filename);
  if (!inMemory) await mkdir(dirname(path), { recursive: true });
  const database = new Database(path);
  // WAL lets readers in other processes work while one writes; foreign keys are off by default in SQLite.
  if (!inMemory) database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database });
}

async function postgresDialect(connectionString: string): Promise<Dialect> {
  const { default: pg } = await importDriver('pg', () => import('pg'));
  return new PostgresDialect({ pool: new pg.Pool({ connectionString }) });
}

async function mysqlDialect(uri: string): Promise<Dialect> {
  const { default: mysql } = await importDriver('mysql2', () => import('mysql2'));
  // utf8mb4 on the connection too, or a 4-byte character (an emoji in a name) would be mangled.
  return new MysqlDialect({ pool: mysql.createPool({ uri, charset: 'utf8mb4_bin' }) });
}

function dialectFor(target: DatabaseTarget): Promise<Dialect> {
  switch (target.dialect) {
    case 'sqlite':
      return sqliteDialect(target.filename);
    case 'postgres':
      return postgresDialect(target.connectionString);
    case 'mysql':
      return mysqlDialect(target.connectionString);
  }
}

/**
 * Opens a Kysely instance for a database URL (see `parseDatabaseUrl` for the forms). For SQLite the
 * parent directory of the file is created. Nothing is migrated here; the caller decides when.
 *
 * @example
 * const { db, dialect } = await openSqlDatabase('postgres://app@127.0.0.1:5432/app');
 */
export async function openSqlDatabase(url: string): Promise<SqlDatabase> {
  const target = parseDatabaseUrl(url);
  const db = new Kysely<GatehouseDatabase>({ dialect: await dialectFor(target) });
  return { db, dialect: target.dialect };
}

export interface OpenSqlStoreOptions {
  /** Run `migrateToLatest` before returning (default true), as an app does at start. */
  migrate?: boolean;
}

/**
 * Opens the database at `url`, migrates it (unless told not to) and returns a ready store.
 *
 * @example
 * const store = await openSqlStore('sqlite:./data/gatehouse.db');
 * const auth = createAuth({ store, ... });
 * process.on('SIGTERM', () => void store.close());
 */
export async function openSqlStore(url: string, options: OpenSqlStoreOptions = {}): Promise<SqlStore> {
  const database = await openSqlDatabase(url);
  try {
    if (options.migrate ?? true) await migrateToLatest(database.db, database.dialect);
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
  return createSqlStore(database);
}

import { AuthError } from '@gatehousejs/core';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Kysely, MysqlDialect, SqliteDialect, type Dialect } from 'kysely';
import { createSqlStore, type SqlStore } from './create-sql-store.js';
import { mysqlPoolDiscardingBroken, pgPoolDiscardingBroken } from './discard-broken-connections.js';
import { GatehousePostgresDialect } from './postgres-dialect.js';
import { migrateToLatest } from './migrate-to-latest.js';
import { parseDatabaseUrl, type DatabaseTarget } from './parse-database-url.js';
import type { GatehouseDatabase } from './schema/database-schema.js';
import type { SqlDatabase } from './sql-dialect.js';
import { cacheSqliteStatements } from './sqlite-statement-cache.js';
import { guardDialect, type GuardedDialect } from './guarded-dialect.js';
import { parseSqlConnectionOptions, type ParsedSqlConnectionOptions, type SqlConnectionOptions } from './sql-connection-options.js';

/** Drivers are optional peers: import only the one the URL asks for, and say which is missing. */
async function importDriver<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new AuthError(
      'INVALID_CONFIG',
      `This database URL needs the "${name}" package; install it next to @gatehousejs/store-sql.`,
      undefined,
      {
        cause: error,
      },
    );
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
  // Each SQL text is compiled once, not on every query (see cacheSqliteStatements).
  return new SqliteDialect({ database: cacheSqliteStatements(database) });
}

async function postgresDialect(connectionString: string, options: ParsedSqlConnectionOptions): Promise<Dialect> {
  const { default: pg } = await importDriver('pg', () => import('pg'));
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // pg's own timer gives up on the statement and takes it off the client's queue.
    query_timeout: options.queryTimeoutMs,
    // The server cancels first (57014) when it is only slow: see `serverStatementTimeoutMs`.
    ...(options.serverStatementTimeoutMs > 0 ? { statement_timeout: options.serverStatementTimeoutMs } : {}),
    keepAlive: true,
  });
  // An 'error' with no listener ends the process: the pool's (an idle client lost, e.g. 57P01 when
  // the server stops) and each client's, which has none of the pool's while it is checked out.
  pool.on('error', options.onConnectionError);
  pool.on('connect', (client) => client.on('error', options.onConnectionError));
  return new GatehousePostgresDialect({ pool: pgPoolDiscardingBroken(pool) });
}

async function mysqlDialect(uri: string, options: ParsedSqlConnectionOptions): Promise<Dialect> {
  const { default: mysql } = await importDriver('mysql2', () => import('mysql2'));
  // utf8mb4 on the connection too, or a 4-byte character (an emoji in a name) would be mangled.
  const pool = mysql.createPool({
    uri,
    charset: 'utf8mb4_bin',
    connectionLimit: options.poolSize,
    connectTimeout: options.connectTimeoutMs,
    enableKeepAlive: true,
  });
  pool.on('connection', (connection) => {
    connection.on('error', options.onConnectionError);
    // MariaDB's own statement timeout, in seconds (see `serverStatementTimeoutMs`); MySQL has no such
    // variable and refuses the SET, which changes nothing else: its client timeout still holds.
    if (options.serverStatementTimeoutMs > 0) {
      connection.query(`SET SESSION max_statement_time = ${options.serverStatementTimeoutMs / 1000}`, () => {});
    }
  });
  return new MysqlDialect({ pool: mysqlPoolDiscardingBroken(pool) });
}

async function dialectFor(target: DatabaseTarget, options: ParsedSqlConnectionOptions): Promise<GuardedDialect> {
  switch (target.dialect) {
    case 'sqlite':
      // Nothing to wait for on a local file, but a closed database (a request during shutdown) or
      // SQLITE_BUSY past busy_timeout is a 503 too.
      return guardDialect(await sqliteDialect(target.filename), {});
    case 'postgres':
      return guardDialect(await postgresDialect(target.connectionString, options), options);
    case 'mysql':
      return guardDialect(await mysqlDialect(target.connectionString, options), options);
  }
}

/**
 * Opens a Kysely instance for a database URL (see `parseDatabaseUrl` for the forms). For SQLite the
 * parent directory of the file is created. Nothing is migrated here; the caller decides when.
 * On PostgreSQL and MySQL every wait is bounded (`connectTimeoutMs`, `queryTimeoutMs`) and a
 * database that cannot be reached or used raises `DATABASE_UNAVAILABLE` (503), never a hang, a 500
 * or an unhandled 'error' event.
 *
 * @example
 * const { db, dialect } = await openSqlDatabase('postgres://app@127.0.0.1:5432/app', { poolSize: 20 });
 */
export async function openSqlDatabase(url: string, options: SqlConnectionOptions = {}): Promise<SqlDatabase> {
  const connection = parseSqlConnectionOptions(options);
  const target = parseDatabaseUrl(url);
  const dialect = await dialectFor(target, connection);
  const db = new Kysely<GatehouseDatabase>({ dialect });
  return { db, dialect: target.dialect, closePool: () => dialect.close() };
}

export interface OpenSqlStoreOptions extends SqlConnectionOptions {
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
  const { migrate, ...connection } = options;
  const database = await openSqlDatabase(url, connection);
  try {
    if (migrate ?? true) await migrateToLatest(database.db, database.dialect);
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
  return createSqlStore(database);
}

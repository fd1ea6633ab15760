import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** A prepared statement as better-sqlite3 gives it: Kysely's view of it, and whether it is mid-iteration. */
interface Statement extends SqliteStatement {
  readonly busy: boolean;
}

/** The part of a better-sqlite3 `Database` used here (typed by shape: the driver is an optional peer). */
export interface PreparingDatabase {
  prepare(sql: string): Statement;
  close(): unknown;
}

/** More than the distinct statements Gatehouse's store and migrations run (about 70). */
export const DEFAULT_SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 database as Kysely's `SqliteDialect` uses it, with each statement prepared
 * once per SQL text instead of on every query. Kysely's SQLite driver calls `prepare(sql)` for every
 * query; compiling the same SQL again was a visible share of a `GET /users/me` (docs/performance.md). Kysely binds
 * values as parameters, so the SQL texts are few (one per query shape) and each prepared statement
 * is reused with new parameters, as better-sqlite3 intends.
 *
 * A statement still being iterated (`busy`: Kysely's `stream()`) is not handed out twice: that query
 * gets a fresh statement. The cache keeps at most `maxStatements`, dropping the oldest; `close()`
 * closes the database. Statements survive schema changes: SQLite prepares them again itself when
 * the schema they were compiled against has changed.
 */
export function cacheSqliteStatements(database: PreparingDatabase, maxStatements = DEFAULT_SQLITE_STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (!cached) {
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

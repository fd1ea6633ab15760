import { sql, type CreateIndexBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';

/**
 * MySQL/MariaDB: utf8mb4 so any text round-trips, and a binary collation so ids, hashes and the
 * `*_key` columns compare byte for byte. Case-insensitivity comes from the lower-cased key columns,
 * never from a collation (a `_ci` collation would also fold accents and ignore trailing spaces).
 */
export function withTableOptions<T extends string, C extends string>(
  dialect: SqlDialectName,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C> {
  return dialect === 'mysql' ? table.modifyEnd(sql`default character set utf8mb4 collate utf8mb4_bin`) : table;
}

/**
 * `if not exists` wherever the dialect has it, so a second runner racing the first (SQLite has no
 * migration lock) or a re-run after a crash half-way (SQLite and MySQL cannot roll DDL back) only
 * creates what is missing. MySQL has no `create index if not exists`; there the Migrator's lock
 * keeps runners apart.
 */
export function createIndex(db: Kysely<any>, dialect: SqlDialectName, name: string): CreateIndexBuilder {
  const index = db.schema.createIndex(name);
  return dialect === 'mysql' ? index : index.ifNotExists();
}

/** Whether `table` in the current schema/database has `column`: lets a migration finish what a crashed run began. */
export async function hasColumn(db: Kysely<any>, dialect: SqlDialectName, table: string, column: string): Promise<boolean> {
  const query =
    dialect === 'sqlite'
      ? sql`select 1 as found from pragma_table_info(${table}) where name = ${column}`
      : sql`select 1 as found from information_schema.columns
            where table_schema = ${dialect === 'postgres' ? sql`current_schema()` : sql`database()`}
              and table_name = ${table} and column_name = ${column}`;
  const { rows } = await query.execute(db);
  return rows.length > 0;
}

/**
 * Creates an index unless it exists. Unlike `createIndex`, also idempotent on MySQL, which has no
 * `create index if not exists`: there it looks the index up first (the Migrator's lock keeps a
 * second runner out meanwhile).
 */
export async function ensureIndex(
  db: Kysely<any>,
  dialect: SqlDialectName,
  name: string,
  table: string,
  columns: readonly string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  if (dialect === 'mysql') {
    const { rows } = await sql`select 1 as found from information_schema.statistics
      where table_schema = database() and table_name = ${table} and index_name = ${name}`.execute(db);
    if (rows.length > 0) return;
  }
  const index = createIndex(db, dialect, name)
    .on(table)
    .columns([...columns]);
  await (options.unique ? index.unique() : index).execute();
}

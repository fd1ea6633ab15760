import {
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from 'kysely';
import { gatehouseMigrations } from './migrations/gatehouse-migrations.js';
import type { SqlDialectName } from './sql-dialect.js';

const DDL = /^\s*(create|alter|drop)\b/i;

/**
 * A dialect whose driver runs nothing: it keeps the DDL it is given and answers every query with no
 * rows, so a migration that first looks (does this column exist?) goes on to create.
 */
function recordingDialect(dialect: SqlDialectName, statements: string[]): Dialect {
  const connection: DatabaseConnection = {
    async executeQuery(query) {
      if (DDL.test(query.sql)) {
        if (query.parameters.length > 0) throw new Error(`A schema statement has bound parameters and cannot be printed: ${query.sql}`);
        statements.push(query.sql);
      }
      return { rows: [] };
    },
    // biome-ignore lint/correctness/useYield: Kysely's driver must offer streaming; printing the schema streams no row.
    async *streamQuery() {
      return;
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const parts = {
    sqlite: { adapter: SqliteAdapter, introspector: SqliteIntrospector, compiler: SqliteQueryCompiler },
    postgres: { adapter: PostgresAdapter, introspector: PostgresIntrospector, compiler: PostgresQueryCompiler },
    mysql: { adapter: MysqlAdapter, introspector: MysqlIntrospector, compiler: MysqlQueryCompiler },
  }[dialect];
  return {
    createAdapter: () => new parts.adapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new parts.introspector(db),
    createQueryCompiler: () => new parts.compiler(),
  };
}

/**
 * The statements that create Gatehouse's tables and indexes on `dialect`, in order: every migration's
 * `up`, as SQL. For teams that fold the schema into their own migration tool instead of running
 * `migrateToLatest`. (`mysql` covers MariaDB.)
 *
 * @example
 * for (const statement of await schemaSql('postgres')) console.log(`${statement};`);
 */
export async function schemaSql(dialect: SqlDialectName): Promise<string[]> {
  const statements: string[] = [];
  const db = new Kysely<any>({ dialect: recordingDialect(dialect, statements) });
  try {
    for (const migration of Object.values(gatehouseMigrations(dialect))) await migration.up(db);
  } finally {
    await db.destroy();
  }
  return statements;
}

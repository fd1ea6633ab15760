import {
  PostgresDialect,
  PostgresIntrospector,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type TableMetadata,
} from 'kysely';

/**
 * What PostgreSQL answers when another client drops a schema (3F000 invalid_schema_name), a table
 * (42P01 undefined_table, when the table of a dropped schema was already in the snapshot) or changes
 * a table's columns (42703 undefined_column, from `pg_get_serial_sequence` on a column the snapshot
 * still lists) while the introspection query runs.
 */
const DROPPED_MEANWHILE = new Set(['3F000', '42P01', '42703']);
const ATTEMPTS = 10;

/**
 * Kysely's introspector lists the tables of every schema of the database (the Migrator asks it
 * whether its bookkeeping table exists), calling `has_schema_privilege(name, …)` per schema. When
 * another client drops a schema between PostgreSQL's catalog snapshot and that call, the whole query
 * fails with 3F000 (or 42P01, 42703 for a table of that schema), and a migration fails for a schema that is none of its business (seen when
 * several apps or test runs share one database). A new attempt no longer sees the dropped schema.
 */
class TolerantPostgresIntrospector extends PostgresIntrospector {
  override async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await super.getTables(options);
      } catch (error) {
        if (!DROPPED_MEANWHILE.has(String((error as { code?: unknown }).code)) || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}

/** Kysely's PostgreSQL dialect with an introspector that survives schemas dropped meanwhile. */
export class GatehousePostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new TolerantPostgresIntrospector(db);
  }
}

import type { Kysely } from 'kysely';
import type { GatehouseDatabase } from './schema/database-schema.js';

/** The SQL dialects Gatehouse runs on. `mysql` covers MariaDB too. */
export type SqlDialectName = 'sqlite' | 'postgres' | 'mysql';

/** A Kysely instance over Gatehouse's tables, and which dialect it speaks. */
export interface SqlDatabase {
  db: Kysely<GatehouseDatabase>;
  dialect: SqlDialectName;
}

import type { Kysely } from 'kysely';
import type { GatehouseDatabase } from './schema/database-schema.js';

/** The SQL dialects Gatehouse runs on. `mysql` covers MariaDB too. */
export type SqlDialectName = 'sqlite' | 'postgres' | 'mysql';

/** A Kysely instance over Gatehouse's tables, and which dialect it speaks. */
export interface SqlDatabase {
  db: Kysely<GatehouseDatabase>;
  dialect: SqlDialectName;
  /**
   * Closes the connection pool so that a query after it answers `DATABASE_UNAVAILABLE` (503), as
   * `openSqlDatabase` gives it. Without it, the store's `close()` destroys `db`.
   */
  closePool?: () => Promise<void>;
}

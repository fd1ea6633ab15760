export { createSqlStore } from './create-sql-store.js';
export type { SqlStore } from './create-sql-store.js';
export { createSqlRateLimiter } from './sql-rate-limiter.js';
export type { SqlRateLimiter } from './sql-rate-limiter.js';
export { openSqlDatabase, openSqlStore } from './open-sql-database.js';
export type { OpenSqlStoreOptions } from './open-sql-database.js';
export type { SqlConnectionOptions } from './sql-connection-options.js';
export { parseDatabaseUrl } from './parse-database-url.js';
export type { DatabaseTarget } from './parse-database-url.js';
export { schemaSql } from './schema-sql.js';
export { migrateToLatest, MIGRATION_TABLE, MIGRATION_LOCK_TABLE } from './migrate-to-latest.js';
export type { MigrationSummary } from './migrate-to-latest.js';
export type { SqlDatabase, SqlDialectName } from './sql-dialect.js';
export type {
  GatehouseDatabase,
  UsersTable,
  UserRolesTable,
  RefreshTokensTable,
  OneTimeTokensTable,
  RateLimitsTable,
  EpochMillis,
  NullableEpochMillis,
} from './schema/database-schema.js';

import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';
import { ensureIndex, hasColumn, withTableOptions } from './schema-helpers.js';

/**
 * `users.token_version` (bumped by a password reset or logout-all) and the `rate_limits` table of
 * the SQL rate limiter. Every step checks first, so a run that crashed half-way (SQLite and MySQL
 * cannot roll DDL back) is finished by the next one.
 */
export function tokenVersionAndRateLimits(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      // Not `add column if not exists`: MySQL and SQLite lack it.
      if (!(await hasColumn(db, dialect, 'users', 'token_version'))) {
        // The default gives every existing account version 0, which is what their live tokens carry.
        await db.schema
          .alterTable('users')
          .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }

      await withTableOptions(
        dialect,
        db.schema
          .createTable('rate_limits')
          .ifNotExists()
          .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
          .addColumn('count', 'integer', (col) => col.notNull())
          .addColumn('window_ends_at', 'bigint', (col) => col.notNull()),
      ).execute();
      // For deleting ended windows without scanning the table.
      await ensureIndex(db, dialect, 'rate_limits_window_ends_at_index', 'rate_limits', ['window_ends_at']);
    },

    async down(db: Kysely<any>) {
      await db.schema.dropTable('rate_limits').execute();
      await db.schema.alterTable('users').dropColumn('token_version').execute();
    },
  };
}

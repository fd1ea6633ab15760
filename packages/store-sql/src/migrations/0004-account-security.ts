import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';
import { ensureIndex, hasColumn, withTableOptions } from './schema-helpers.js';

/**
 * Account security: `revocations` (see below), `sessions` (one row per refresh-token family: the device, the last use, the
 * last full authentication and its methods) and `users.disabled_at` (an administrator disabled the
 * account). Revocation stays on `refresh_tokens`: a session is live while none of its family's rows
 * is revoked, so logout, reuse detection and resets written before this migration still end it.
 */
export function accountSecurity(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withTableOptions(
        dialect,
        db.schema
          .createTable('sessions')
          .ifNotExists()
          .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('last_used_at', 'bigint', (col) => col.notNull())
          .addColumn('expires_at', 'bigint', (col) => col.notNull())
          .addColumn('auth_time', 'bigint', (col) => col.notNull())
          .addColumn('amr', 'varchar(128)', (col) => col.notNull())
          .addColumn('user_agent', 'varchar(512)')
          .addColumn('ip_address', 'varchar(64)'),
      ).execute();
      await ensureIndex(db, dialect, 'sessions_user_id_index', 'sessions', ['user_id']);
      await ensureIndex(db, dialect, 'sessions_expires_at_index', 'sessions', ['expires_at']);
      // Recent revocations (ended sessions, disabled or deleted users), read by instances whose
      // revocation feed is down; each row matters only as long as an access token lives.
      await withTableOptions(
        dialect,
        db.schema
          .createTable('revocations')
          .ifNotExists()
          .addColumn('kind', 'varchar(8)', (col) => col.notNull())
          .addColumn('id', 'varchar(64)', (col) => col.notNull())
          .addColumn('at', 'bigint', (col) => col.notNull())
          .addColumn('expires_at', 'bigint', (col) => col.notNull())
          .addPrimaryKeyConstraint('revocations_pk', ['kind', 'id']),
      ).execute();
      await ensureIndex(db, dialect, 'revocations_at_index', 'revocations', ['at']);
      if (!(await hasColumn(db, dialect, 'users', 'disabled_at'))) {
        await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
      }
    },

    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('disabled_at').execute();
      await db.schema.dropTable('revocations').execute();
      await db.schema.dropTable('sessions').execute();
    },
  };
}

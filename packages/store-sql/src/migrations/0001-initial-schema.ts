import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';
import { createIndex, withTableOptions } from './schema-helpers.js';

/** The first schema: users, their roles, refresh tokens and one-time tokens. */
export function initialSchema(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withTableOptions(
        dialect,
        db.schema
          .createTable('users')
          .ifNotExists()
          .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
          .addColumn('email', 'varchar(254)', (col) => col.notNull())
          .addColumn('email_key', 'varchar(254)', (col) => col.notNull())
          .addColumn('username', 'varchar(64)', (col) => col.notNull())
          .addColumn('username_key', 'varchar(64)', (col) => col.notNull())
          .addColumn('first_name', 'varchar(100)', (col) => col.notNull())
          .addColumn('last_name', 'varchar(100)', (col) => col.notNull())
          .addColumn('password_hash', 'varchar(512)', (col) => col.notNull())
          .addColumn('is_active', 'smallint', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('updated_at', 'bigint', (col) => col.notNull())
          .addColumn('email_verified_at', 'bigint')
          .addColumn('password_changed_at', 'bigint')
          .addColumn('last_login_at', 'bigint'),
      ).execute();
      // The names of these two indexes are how a unique violation is told apart (see unique-violation.ts).
      await createIndex(db, dialect, 'users_email_key_unique').on('users').column('email_key').unique().execute();
      await createIndex(db, dialect, 'users_username_key_unique').on('users').column('username_key').unique().execute();
      await createIndex(db, dialect, 'users_created_at_index').on('users').columns(['created_at', 'id']).execute();

      await withTableOptions(
        dialect,
        db.schema
          .createTable('user_roles')
          .ifNotExists()
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('role', 'varchar(32)', (col) => col.notNull())
          .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
          .addForeignKeyConstraint('user_roles_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();
      // "Every admin" is one range scan of this index.
      await createIndex(db, dialect, 'user_roles_role_index').on('user_roles').columns(['role', 'user_id']).execute();

      await withTableOptions(
        dialect,
        db.schema
          .createTable('refresh_tokens')
          .ifNotExists()
          .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
          .addColumn('family_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('issued_at', 'bigint', (col) => col.notNull())
          .addColumn('expires_at', 'bigint', (col) => col.notNull())
          .addColumn('used_at', 'bigint')
          .addColumn('revoked_at', 'bigint'),
      ).execute();
      await createIndex(db, dialect, 'refresh_tokens_family_id_index').on('refresh_tokens').column('family_id').execute();
      await createIndex(db, dialect, 'refresh_tokens_user_id_index').on('refresh_tokens').column('user_id').execute();

      await withTableOptions(
        dialect,
        db.schema
          .createTable('one_time_tokens')
          .ifNotExists()
          .addColumn('token_hash', 'varchar(128)', (col) => col.primaryKey())
          .addColumn('purpose', 'varchar(32)', (col) => col.notNull())
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('expires_at', 'bigint', (col) => col.notNull())
          .addColumn('consumed_at', 'bigint'),
      ).execute();
      await createIndex(db, dialect, 'one_time_tokens_user_id_index').on('one_time_tokens').columns(['user_id', 'purpose']).execute();
    },

    async down(db: Kysely<any>) {
      for (const table of ['one_time_tokens', 'refresh_tokens', 'user_roles', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

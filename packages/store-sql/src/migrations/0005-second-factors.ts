import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';
import { ensureIndex, withTableOptions } from './schema-helpers.js';

/**
 * Second factors: `totp_factors`, `recovery_codes`, `passkeys` and `auth_challenges`. Only new
 * tables, so every existing row stays as it was. Each table's rows go with their user (`on delete
 * cascade`), so deleting an account deletes its factors.
 */
export function secondFactors(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withTableOptions(
        dialect,
        db.schema
          .createTable('totp_factors')
          .ifNotExists()
          .addColumn('user_id', 'varchar(64)', (col) => col.primaryKey())
          .addColumn('secret_ciphertext', 'varchar(512)', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('confirmed_at', 'bigint')
          .addColumn('last_used_step', 'bigint')
          .addForeignKeyConstraint('totp_factors_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();

      await withTableOptions(
        dialect,
        db.schema
          .createTable('recovery_codes')
          .ifNotExists()
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('used_at', 'bigint')
          .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
          .addForeignKeyConstraint('recovery_codes_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();

      await withTableOptions(
        dialect,
        db.schema
          .createTable('passkeys')
          .ifNotExists()
          .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('credential_id', 'text', (col) => col.notNull())
          .addColumn('credential_id_hash', 'varchar(64)', (col) => col.notNull())
          .addColumn('public_key', 'text', (col) => col.notNull())
          .addColumn('counter', 'bigint', (col) => col.notNull())
          .addColumn('transports', 'varchar(255)', (col) => col.notNull())
          .addColumn('device_type', 'varchar(32)', (col) => col.notNull())
          .addColumn('backed_up', 'smallint', (col) => col.notNull())
          .addColumn('name', 'varchar(255)', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('last_used_at', 'bigint')
          .addForeignKeyConstraint('passkeys_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();
      await ensureIndex(db, dialect, 'passkeys_credential_id_hash_unique', 'passkeys', ['credential_id_hash'], { unique: true });
      await ensureIndex(db, dialect, 'passkeys_user_id_index', 'passkeys', ['user_id']);

      await withTableOptions(
        dialect,
        db.schema
          .createTable('auth_challenges')
          .ifNotExists()
          .addColumn('id_hash', 'varchar(128)', (col) => col.primaryKey())
          .addColumn('purpose', 'varchar(32)', (col) => col.notNull())
          .addColumn('user_id', 'varchar(64)')
          .addColumn('data', 'text', (col) => col.notNull())
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('expires_at', 'bigint', (col) => col.notNull())
          .addColumn('used_at', 'bigint'),
      ).execute();
      await ensureIndex(db, dialect, 'auth_challenges_expires_at_index', 'auth_challenges', ['expires_at']);
    },

    async down(db: Kysely<any>) {
      await db.schema.dropTable('auth_challenges').execute();
      await db.schema.dropTable('passkeys').execute();
      await db.schema.dropTable('recovery_codes').execute();
      await db.schema.dropTable('totp_factors').execute();
    },
  };
}

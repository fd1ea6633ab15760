import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';
import { ensureIndex, hasColumn, withTableOptions } from './schema-helpers.js';

/**
 * Social sign-in: `user_identities` (accounts at providers linked to users), `oauth_states` (sign-ins
 * under way, hashed), and `one_time_tokens.email` (the new address an `email-change` token confirms).
 *
 * Accounts without an e-mail address and accounts without a password need no schema change: the
 * store writes them as an empty `email` with a per-user `email_key` that no address can equal, and an
 * empty `password_hash` (see row-mapping.ts). Making the columns nullable would mean rebuilding
 * `users` on SQLite, which cannot drop NOT NULL in place.
 */
export function socialSignIn(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withTableOptions(
        dialect,
        db.schema
          .createTable('user_identities')
          .ifNotExists()
          .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('provider', 'varchar(32)', (col) => col.notNull())
          .addColumn('issuer', 'varchar(255)', (col) => col.notNull())
          .addColumn('subject', 'varchar(255)', (col) => col.notNull())
          .addColumn('email', 'varchar(254)')
          .addColumn('email_verified', 'smallint', (col) => col.notNull())
          .addColumn('display_name', 'varchar(255)')
          .addColumn('avatar_url', 'varchar(2048)')
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('last_login_at', 'bigint', (col) => col.notNull())
          .addForeignKeyConstraint('user_identities_user_fk', ['user_id'], 'users', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();
      // The names of these two indexes are how a duplicate is told apart (see unique-violation.ts).
      // MySQL: 32 + 255 + 255 characters of utf8mb4 stay under InnoDB's 3072-byte key limit.
      await ensureUniqueIndex(db, dialect, 'user_identities_subject_unique', ['provider', 'issuer', 'subject']);
      await ensureUniqueIndex(db, dialect, 'user_identities_user_provider_unique', ['user_id', 'provider']);

      await withTableOptions(
        dialect,
        db.schema
          .createTable('oauth_states')
          .ifNotExists()
          .addColumn('state_hash', 'varchar(128)', (col) => col.primaryKey())
          .addColumn('provider', 'varchar(32)', (col) => col.notNull())
          .addColumn('browser_key_hash', 'varchar(128)', (col) => col.notNull())
          .addColumn('redirect_uri', 'varchar(2048)', (col) => col.notNull())
          .addColumn('nonce', 'varchar(128)')
          .addColumn('link_user_id', 'varchar(64)')
          .addColumn('created_at', 'bigint', (col) => col.notNull())
          .addColumn('expires_at', 'bigint', (col) => col.notNull())
          .addColumn('consumed_at', 'bigint'),
      ).execute();
      // For deleting ended sign-ins without scanning the table.
      await ensureIndex(db, dialect, 'oauth_states_expires_at_index', 'oauth_states', ['expires_at']);

      if (!(await hasColumn(db, dialect, 'one_time_tokens', 'email'))) {
        await db.schema.alterTable('one_time_tokens').addColumn('email', 'varchar(254)').execute();
      }
    },

    async down(db: Kysely<any>) {
      await db.schema.alterTable('one_time_tokens').dropColumn('email').execute();
      await db.schema.dropTable('oauth_states').execute();
      await db.schema.dropTable('user_identities').execute();
    },
  };
}

async function ensureUniqueIndex(db: Kysely<any>, dialect: SqlDialectName, name: string, columns: readonly string[]): Promise<void> {
  await ensureIndex(db, dialect, name, 'user_identities', columns, { unique: true });
}

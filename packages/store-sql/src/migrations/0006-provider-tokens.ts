import type { Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../sql-dialect.js';
import { ensureIndex, withTableOptions } from './schema-helpers.js';

/**
 * Provider tokens (opt-in, `social.storeProviderTokens`): `provider_tokens`, one row per linked
 * identity, holding the provider's access and refresh tokens sealed by core (AES-256-GCM, bound to
 * the identity), their expiry and the granted scopes. Only a new table. A row goes with its identity
 * (`on delete cascade`) and is also deleted by `user_id` with its account (sql-account-store.ts).
 * Tokens are `text`: some providers' access tokens are JWTs of several kilobytes.
 */
export function providerTokens(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withTableOptions(
        dialect,
        db.schema
          .createTable('provider_tokens')
          .ifNotExists()
          .addColumn('identity_id', 'varchar(64)', (col) => col.primaryKey())
          .addColumn('user_id', 'varchar(64)', (col) => col.notNull())
          .addColumn('access_token', 'text', (col) => col.notNull())
          .addColumn('refresh_token', 'text')
          .addColumn('access_token_expires_at', 'bigint')
          .addColumn('scope', 'varchar(2048)')
          .addColumn('updated_at', 'bigint', (col) => col.notNull())
          .addForeignKeyConstraint('provider_tokens_identity_fk', ['identity_id'], 'user_identities', ['id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      ).execute();
      await ensureIndex(db, dialect, 'provider_tokens_user_id_index', 'provider_tokens', ['user_id']);
    },

    async down(db: Kysely<any>) {
      await db.schema.dropTable('provider_tokens').execute();
    },
  };
}

import type { IdentityRecord, IdentityStore, ProviderTokenRecord } from '@gatehousejs/core/ports';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { fromEpochMillis, fromNullableEpochMillis, toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase, ProviderTokensTable, UserIdentitiesTable } from './schema/database-schema.js';
import type { SqlDatabase } from './sql-dialect.js';
import { toTakenError } from './unique-violation.js';

type Db = Kysely<GatehouseDatabase>;

function toIdentityRow(identity: IdentityRecord): Insertable<UserIdentitiesTable> {
  return {
    id: identity.id,
    user_id: identity.userId,
    provider: identity.provider,
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    email_verified: identity.emailVerified ? 1 : 0,
    display_name: identity.displayName,
    avatar_url: identity.avatarUrl,
    created_at: toEpochMillis(identity.createdAt),
    last_login_at: toEpochMillis(identity.lastLoginAt),
  };
}

function fromIdentityRow(row: Selectable<UserIdentitiesTable>): IdentityRecord {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    issuer: row.issuer,
    subject: row.subject,
    email: row.email,
    emailVerified: Number(row.email_verified) === 1,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    createdAt: fromEpochMillis(row.created_at),
    lastLoginAt: fromEpochMillis(row.last_login_at),
  };
}

function fromTokensRow(row: Selectable<ProviderTokensTable>): ProviderTokenRecord {
  return {
    identityId: row.identity_id,
    userId: row.user_id,
    accessToken: row.access_token,
    refreshToken: row.refresh_token,
    accessTokenExpiresAt: fromNullableEpochMillis(row.access_token_expires_at),
    scope: row.scope,
    updatedAt: fromEpochMillis(row.updated_at),
  };
}

/** Inserts an identity; run it in the caller's transaction when it goes with a new user. */
export async function insertIdentityIn(db: Db, identity: IdentityRecord): Promise<void> {
  await db.insertInto('user_identities').values(toIdentityRow(identity)).execute();
}

/**
 * Linked identities over Kysely. Both unique keys are unique indexes, so a duplicate is refused by the
 * database across processes; `unlinkIdentity` locks the user's row (PostgreSQL, MySQL; SQLite
 * serializes writers) so two parallel unlinks cannot remove the last two ways to sign in.
 */
export function createSqlIdentityStore({ db, dialect }: SqlDatabase): IdentityStore {
  return {
    async linkIdentity(identity) {
      try {
        await insertIdentityIn(db, identity);
      } catch (error) {
        throw toTakenError(dialect, error) ?? error;
      }
    },

    async findIdentity(provider, issuer, subject) {
      if (![provider, issuer, subject].every(couldBeStored)) return null;
      const row = await db
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', provider)
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row ? fromIdentityRow(row) : null;
    },

    async listIdentitiesOfUser(userId) {
      if (!couldBeStored(userId)) return [];
      const rows = await db
        .selectFrom('user_identities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(fromIdentityRow);
    },

    async recordIdentityLogin(id, profile, at) {
      if (!couldBeStored(id)) return;
      await db
        .updateTable('user_identities')
        .set({
          email: profile.email,
          email_verified: profile.emailVerified ? 1 : 0,
          display_name: profile.displayName,
          avatar_url: profile.avatarUrl,
          last_login_at: toEpochMillis(at),
        })
        .where('id', '=', id)
        .execute();
    },

    async unlinkIdentity(userId, provider) {
      if (!couldBeStored(userId) || !couldBeStored(provider)) return 'not-linked';
      return db.transaction().execute(async (trx) => {
        // SQLite has no row locks (and no FOR UPDATE); its single writer gives the same order.
        const userQuery = trx.selectFrom('users').select('password_hash').where('id', '=', userId);
        const user = await (dialect === 'sqlite' ? userQuery : userQuery.forUpdate()).executeTakeFirst();
        if (!user) return 'not-linked';
        const linked = await trx.selectFrom('user_identities').select(['id', 'provider']).where('user_id', '=', userId).execute();
        const target = linked.find((row) => row.provider === provider);
        if (!target) return 'not-linked';
        if (user.password_hash === '' && linked.length <= 1) return 'last-sign-in-method';
        // The identity first (its row lock, then its tokens', the order saveProviderTokens takes),
        // its tokens by name too, as deleting an account does (sql-account-store.ts).
        await trx.deleteFrom('user_identities').where('id', '=', target.id).execute();
        await trx.deleteFrom('provider_tokens').where('identity_id', '=', target.id).execute();
        return 'unlinked';
      });
    },

    async saveProviderTokens(tokens) {
      if (!couldBeStored(tokens.identityId) || !couldBeStored(tokens.userId)) return;
      const values = {
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        access_token_expires_at: tokens.accessTokenExpiresAt ? toEpochMillis(tokens.accessTokenExpiresAt) : null,
        scope: tokens.scope,
        updated_at: toEpochMillis(tokens.updatedAt),
      };
      // The identity's row locked first (as unlinking takes it): nothing is written for an identity
      // that is gone, so tokens never outlive it; an upsert, so parallel saves do not collide.
      await db.transaction().execute(async (trx) => {
        const identity = trx
          .selectFrom('user_identities')
          .select('id')
          .where('id', '=', tokens.identityId)
          .where('user_id', '=', tokens.userId);
        if (!(await (dialect === 'sqlite' ? identity : identity.forUpdate()).executeTakeFirst())) return;
        const insert = trx.insertInto('provider_tokens').values({ identity_id: tokens.identityId, user_id: tokens.userId, ...values });
        await (dialect === 'mysql'
          ? insert.onDuplicateKeyUpdate(values)
          : insert.onConflict((conflict) => conflict.column('identity_id').doUpdateSet(values))
        ).execute();
      });
    },

    async findProviderTokens(identityId) {
      if (!couldBeStored(identityId)) return null;
      const row = await db.selectFrom('provider_tokens').selectAll().where('identity_id', '=', identityId).executeTakeFirst();
      return row ? fromTokensRow(row) : null;
    },

    async deleteProviderTokens(identityId) {
      if (!couldBeStored(identityId)) return;
      await db.deleteFrom('provider_tokens').where('identity_id', '=', identityId).execute();
    },
  };
}

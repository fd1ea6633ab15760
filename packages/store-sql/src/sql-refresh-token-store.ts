import type { RefreshTokenRecord, RefreshTokenStore } from '@gatehousejs/core/ports';
import type { Kysely } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { fromEpochMillis, toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';
import { insertSessionIn } from './sql-session-store.js';

type Db = Kysely<GatehouseDatabase>;

/** Revokes every live refresh token of a user; shared with the password reset transaction. */
export async function revokeAllRefreshTokensIn(db: Db, userId: string, at: Date): Promise<void> {
  if (!couldBeStored(userId)) return;
  // Only unrevoked rows: the first revocation time is the one worth keeping.
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: toEpochMillis(at) })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Inserts a new refresh token row; shared with `createUserWithRefreshToken`'s transaction. */
export async function insertRefreshTokenIn(db: Db, token: RefreshTokenRecord): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      jti: token.jti,
      family_id: token.familyId,
      user_id: token.userId,
      issued_at: toEpochMillis(token.issuedAt),
      expires_at: toEpochMillis(token.expiresAt),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  if (token.session) {
    await insertSessionIn(db, {
      ...token.session,
      id: token.familyId,
      userId: token.userId,
      createdAt: token.issuedAt,
      expiresAt: token.expiresAt,
    });
  }
}

/** Refresh-token rotation state over Kysely. */
export function createSqlRefreshTokenStore(db: Db): RefreshTokenStore {
  return {
    // With a session, the token and its session are one transaction: neither exists without the other.
    saveRefreshToken: (token) =>
      token.session ? db.transaction().execute((trx) => insertRefreshTokenIn(trx, token)) : insertRefreshTokenIn(db, token),

    async consumeRefreshToken(jti, userId, now) {
      if (!couldBeStored(jti) || !couldBeStored(userId)) return false;
      // One conditional UPDATE: the database lets exactly one of two racing callers change the row.
      const result = await db
        .updateTable('refresh_tokens')
        .set({ used_at: toEpochMillis(now) })
        .where('jti', '=', jti)
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', toEpochMillis(now))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async findRefreshTokenUse(jti, userId) {
      if (!couldBeStored(jti) || !couldBeStored(userId)) return null;
      const row = await db
        .selectFrom('refresh_tokens')
        .select('used_at')
        .where('jti', '=', jti)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row?.used_at == null ? null : fromEpochMillis(row.used_at);
    },

    async isRefreshTokenFamilyRevoked(familyId) {
      if (!couldBeStored(familyId)) return false;
      // One indexed lookup (refresh_tokens_family_id_index): revocation marks every row of the family.
      const row = await db
        .selectFrom('refresh_tokens')
        .select('jti')
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteRefreshTokensExpiredBefore(before) {
      const result = await db.deleteFrom('refresh_tokens').where('expires_at', '<=', toEpochMillis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async revokeRefreshTokenFamily(familyId, at) {
      if (!couldBeStored(familyId)) return;
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: toEpochMillis(at) })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    revokeAllRefreshTokens: (userId, at) => revokeAllRefreshTokensIn(db, userId, at),
  };
}

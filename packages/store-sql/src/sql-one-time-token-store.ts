import type { OneTimeTokenOwner, OneTimeTokenPurpose, OneTimeTokenStore } from '@gatehousejs/core/ports';
import type { Kysely } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';

type Db = Kysely<GatehouseDatabase>;

/**
 * Consumes a token with one conditional UPDATE, then reads its owner. Only the caller whose UPDATE
 * changed the row reads on, so of two racing consumers one gets the owner. Shared with the reset.
 */
export async function consumeOneTimeTokenIn(
  db: Db,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<OneTimeTokenOwner | null> {
  if (!couldBeStored(tokenHash)) return null;
  const result = await db
    .updateTable('one_time_tokens')
    .set({ consumed_at: toEpochMillis(now) })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', toEpochMillis(now))
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return null;
  const row = await db.selectFrom('one_time_tokens').select(['user_id', 'email']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? ownerOf(row) : null;
}

/** The owner, with the address only for a token that carries one (so `{ userId }` stays exactly that). */
function ownerOf(row: { user_id: string; email: string | null }): OneTimeTokenOwner {
  return row.email === null ? { userId: row.user_id } : { userId: row.user_id, email: row.email };
}

/** Voids the unused tokens of one purpose for a user; shared with the reset transaction. */
export async function revokeOneTimeTokensIn(db: Db, userId: string, purpose: OneTimeTokenPurpose, at: Date): Promise<void> {
  if (!couldBeStored(userId)) return;
  await db
    .updateTable('one_time_tokens')
    .set({ consumed_at: toEpochMillis(at) })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

/** One-time tokens (SHA-256 hashes only) over Kysely. */
export function createSqlOneTimeTokenStore(db: Db): OneTimeTokenStore {
  return {
    async saveOneTimeToken(token) {
      await db
        .insertInto('one_time_tokens')
        .values({
          token_hash: token.tokenHash,
          purpose: token.purpose,
          user_id: token.userId,
          created_at: toEpochMillis(token.createdAt),
          expires_at: toEpochMillis(token.expiresAt),
          consumed_at: null,
          email: token.email ?? null,
        })
        .execute();
    },

    async findActiveOneTimeToken(tokenHash, purpose, now) {
      if (!couldBeStored(tokenHash)) return null;
      const row = await db
        .selectFrom('one_time_tokens')
        .select(['user_id', 'email'])
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', toEpochMillis(now))
        .executeTakeFirst();
      return row ? ownerOf(row) : null;
    },

    consumeOneTimeToken: (tokenHash, purpose, now) => consumeOneTimeTokenIn(db, tokenHash, purpose, now),

    revokeOneTimeTokens: (userId, purpose, at) => revokeOneTimeTokensIn(db, userId, purpose, at),

    async deleteEndedOneTimeTokens(now) {
      const result = await db
        .deleteFrom('one_time_tokens')
        .where((eb) => eb.or([eb('consumed_at', 'is not', null), eb('expires_at', '<=', toEpochMillis(now))]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

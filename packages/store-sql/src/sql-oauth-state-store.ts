import type { OAuthStateStore } from '@gatehousejs/core/ports';
import type { Kysely } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { fromEpochMillis, toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';

type Db = Kysely<GatehouseDatabase>;

/**
 * Social sign-ins under way over Kysely. Taking a state is one conditional UPDATE: only the caller
 * whose UPDATE changed the row reads it back, so of two racing callbacks one gets it.
 */
export function createSqlOAuthStateStore(db: Db): OAuthStateStore {
  return {
    async saveOAuthState(state) {
      // Ended sign-ins are dropped as new ones start (an indexed range), so abandoned flows do not pile up.
      await db.deleteFrom('oauth_states').where('expires_at', '<=', toEpochMillis(state.createdAt)).execute();
      await db
        .insertInto('oauth_states')
        .values({
          state_hash: state.stateHash,
          provider: state.provider,
          browser_key_hash: state.browserKeyHash,
          redirect_uri: state.redirectUri,
          nonce: state.nonce,
          link_user_id: state.linkUserId,
          created_at: toEpochMillis(state.createdAt),
          expires_at: toEpochMillis(state.expiresAt),
          consumed_at: null,
        })
        .execute();
    },

    async consumeOAuthState(stateHash, now) {
      if (!couldBeStored(stateHash)) return null;
      const result = await db
        .updateTable('oauth_states')
        .set({ consumed_at: toEpochMillis(now) })
        .where('state_hash', '=', stateHash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', toEpochMillis(now))
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return null;
      const row = await db.selectFrom('oauth_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
      if (!row) return null;
      return {
        stateHash: row.state_hash,
        provider: row.provider,
        browserKeyHash: row.browser_key_hash,
        redirectUri: row.redirect_uri,
        nonce: row.nonce,
        linkUserId: row.link_user_id,
        createdAt: fromEpochMillis(row.created_at),
        expiresAt: fromEpochMillis(row.expires_at),
      };
    },
  };
}

import type { AccountStore } from '@gatehousejs/core/ports';
import { couldBeStored } from './could-be-stored.js';
import { retryOnDeadlock } from './deadlock-retry.js';
import { fromUserRow, toEpochMillis } from './row-mapping.js';
import type { SqlDatabase } from './sql-dialect.js';
import { revokeAllRefreshTokensIn } from './sql-refresh-token-store.js';

/**
 * The tables that hold rows of a user besides `users`, deleted with it. Only `user_roles` and
 * `user_identities` have a foreign key with ON DELETE CASCADE (`provider_tokens` one to its identity); the others are deleted by name so the
 * deletion does not depend on it. A store that adds tables (second factors) deletes them here too.
 */
const OWNED_BY_USER = ['user_roles', 'provider_tokens', 'user_identities', 'refresh_tokens', 'sessions', 'one_time_tokens'] as const;

/** Deleting and disabling accounts over Kysely, each in one transaction. */
export function createSqlAccountStore({ db, dialect }: SqlDatabase): AccountStore {
  return {
    async deleteUser(userId) {
      if (!couldBeStored(userId)) return false;
      const remove = () =>
        db.transaction().execute(async (trx) => {
          // The user row first: it locks the account, so a refresh or a login that writes for it
          // waits for the commit (or, on SQLite, runs before or after the whole transaction).
          const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
          if (result.numDeletedRows === 0n) return false;
          for (const table of OWNED_BY_USER) await trx.deleteFrom(table).where('user_id', '=', userId).execute();
          await trx.deleteFrom('oauth_states').where('link_user_id', '=', userId).execute();
          return true;
        });
      return retryOnDeadlock(dialect, remove);
    },

    async setUserDisabled(userId, disabled, at) {
      if (!couldBeStored(userId)) return null;
      const change = () =>
        db.transaction().execute(async (trx) => {
          const when = toEpochMillis(at);
          await trx
            .updateTable('users')
            .set((eb) => ({
              // Disabling twice keeps the first time; enabling clears it.
              disabled_at: disabled ? eb.fn.coalesce('disabled_at', eb.val(when)).$castTo<number>() : null,
              updated_at: when,
            }))
            .where('id', '=', userId)
            .execute();
          const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
          if (!row) return null;
          if (disabled) await revokeAllRefreshTokensIn(trx, userId, at);
          const roles = await trx.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
          return fromUserRow(
            row,
            roles.map((r) => r.role),
          );
        });
      return retryOnDeadlock(dialect, change);
    },
  };
}

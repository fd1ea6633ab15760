import type { AuthStore } from '@gatehouse/core';
import { createSqlOneTimeTokenStore, consumeOneTimeTokenIn, revokeOneTimeTokensIn } from './sql-one-time-token-store.js';
import { createSqlRefreshTokenStore, revokeAllRefreshTokensIn } from './sql-refresh-token-store.js';
import type { SqlDatabase } from './sql-dialect.js';
import { createSqlRateLimiter, type SqlRateLimiter } from './sql-rate-limiter.js';
import { bumpTokenVersionIn, changePasswordIn, createSqlUserStore } from './sql-user-store.js';

/** An `AuthStore` over SQL that also exposes its Kysely instance and dialect. */
export interface SqlStore extends AuthStore, SqlDatabase {
  /** A rate limiter on this store's database (`createSqlRateLimiter`); it closes with the store. */
  rateLimiter: SqlRateLimiter;
}

/**
 * An `AuthStore` over a Kysely instance whose database has been migrated with `migrateToLatest`.
 * The store owns `db` from now on: `close()` destroys it and its connection pool.
 *
 * @example
 * const database = await openSqlDatabase(process.env.DATABASE_URL ?? 'sqlite:./data/gatehouse.db');
 * await migrateToLatest(database.db, database.dialect);
 * const store = createSqlStore(database);
 * const auth = createAuth({ store, rateLimiter: store.rateLimiter, ... });
 */
export function createSqlStore(options: SqlDatabase): SqlStore {
  const { db, dialect } = options;
  return {
    db,
    dialect,
    users: createSqlUserStore({ db, dialect }),
    refreshTokens: createSqlRefreshTokenStore(db),
    oneTimeTokens: createSqlOneTimeTokenStore(db),
    rateLimiter: createSqlRateLimiter(db, dialect),

    completePasswordReset({ tokenHash, passwordHash, now }) {
      // One transaction: if any step fails, the token stays unused and nothing else changes.
      return db.transaction().execute(async (trx) => {
        const owner = await consumeOneTimeTokenIn(trx, tokenHash, 'password-reset', now);
        if (!owner) return null;
        await changePasswordIn(trx, owner.userId, passwordHash, now);
        await revokeOneTimeTokensIn(trx, owner.userId, 'password-reset', now);
        await revokeAllRefreshTokensIn(trx, owner.userId, now);
        await bumpTokenVersionIn(trx, owner.userId, now);
        return { userId: owner.userId };
      });
    },

    async close() {
      await db.destroy();
    },
  };
}

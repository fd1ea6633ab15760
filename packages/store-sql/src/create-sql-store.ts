import { isAuthError } from '@gatehousejs/core';
import type { AuthStore, UserRecord } from '@gatehousejs/core/ports';
import { sql, type Transaction } from 'kysely';
import type { GatehouseDatabase } from './schema/database-schema.js';
import { createSqlAccountStore } from './sql-account-store.js';
import { createSqlIdentityStore, insertIdentityIn } from './sql-identity-store.js';
import { createSqlOAuthStateStore } from './sql-oauth-state-store.js';
import { toTakenError } from './unique-violation.js';
import { createUndoOfUnconfirmedInserts } from './undo-unconfirmed-inserts.js';
import { createSqlOneTimeTokenStore, consumeOneTimeTokenIn, revokeOneTimeTokensIn } from './sql-one-time-token-store.js';
import { createSqlRefreshTokenStore, insertRefreshTokenIn, revokeAllRefreshTokensIn } from './sql-refresh-token-store.js';
import type { SqlDatabase } from './sql-dialect.js';
import { createSqlRateLimiter, type SqlRateLimiter } from './sql-rate-limiter.js';
import { createSqlRevocationStore } from './sql-revocation-store.js';
import { createSqlSessionStore } from './sql-session-store.js';
import {
  createSqlChallengeStore,
  createSqlPasskeyStore,
  createSqlRecoveryCodeStore,
  createSqlTotpFactorStore,
} from './sql-second-factor-stores.js';
import { retryOnDeadlock } from './deadlock-retry.js';
import { bumpTokenVersionIn, changePasswordIn, createSqlUserStore, insertUserIn } from './sql-user-store.js';

/** An `AuthStore` over SQL that also exposes its Kysely instance and dialect. */
export interface SqlStore extends AuthStore, SqlDatabase {
  /** A rate limiter on this store's database (`createSqlRateLimiter`); it closes with the store. */
  rateLimiter: SqlRateLimiter;
  /**
   * Resolves when the database answers a `select 1`; rejects with `DATABASE_UNAVAILABLE` otherwise.
   * For a readiness check.
   */
  ping(): Promise<void>;
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
  const undo = createUndoOfUnconfirmedInserts(db);
  /** Inserts a user and what belongs to it in one transaction; a 503'd one is undone (see `undo`). */
  const insertUserWith = async (user: UserRecord, alsoInsert: (trx: Transaction<GatehouseDatabase>) => Promise<void>) => {
    try {
      // Concurrent inserts of one address can deadlock in InnoDB; the retry meets the row as a duplicate.
      await retryOnDeadlock(dialect, () =>
        db.transaction().execute(async (trx) => {
          await insertUserIn(trx, user);
          await alsoInsert(trx);
        }),
      );
    } catch (error) {
      if (isAuthError(error) && error.code === 'DATABASE_UNAVAILABLE') undo.undoUser(user);
      throw toTakenError(dialect, error) ?? error;
    }
  };
  return {
    db,
    dialect,
    users: createSqlUserStore({ db, dialect }, undo),
    refreshTokens: createSqlRefreshTokenStore(db),
    oneTimeTokens: createSqlOneTimeTokenStore(db),
    rateLimiter: createSqlRateLimiter(db, dialect),
    identities: createSqlIdentityStore({ db, dialect }),
    oauthStates: createSqlOAuthStateStore(db),
    sessions: createSqlSessionStore(db),
    accounts: createSqlAccountStore({ db, dialect }),
    revocations: createSqlRevocationStore(db, dialect),
    totpFactors: createSqlTotpFactorStore(db),
    recoveryCodes: createSqlRecoveryCodeStore(db),
    passkeys: createSqlPasskeyStore(db),
    challenges: createSqlChallengeStore(db),

    createUserWithIdentity: (user, identity) => insertUserWith(user, (trx) => insertIdentityIn(trx, identity)),

    createUserWithRefreshToken: (user, refreshToken) => insertUserWith(user, (trx) => insertRefreshTokenIn(trx, refreshToken)),

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

    async ping() {
      await sql`select 1`.execute(db);
    },

    async close() {
      undo.stop();
      // A request still running during shutdown then gets a 503, not Kysely's "destroyed" 500.
      if (options.closePool) await options.closePool();
      else await db.destroy();
    },
  };
}

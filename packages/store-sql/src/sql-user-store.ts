import { AuthError, isAuthError } from '@gatehousejs/core';
import type { UserRecord, UserStore } from '@gatehousejs/core/ports';
import type { Kysely } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { retryOnDeadlock } from './deadlock-retry.js';
import { canonicalRoles, fromUserRow, toEpochMillis, toUserRow, uniqueKey, type UserRow } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';
import type { SqlDatabase } from './sql-dialect.js';
import { toTakenError } from './unique-violation.js';
import type { UndoOfUnconfirmedInserts } from './undo-unconfirmed-inserts.js';

type Db = Kysely<GatehouseDatabase>;

/** Attaches roles to user rows with one query for the whole batch. */
async function withRoles(db: Db, rows: readonly UserRow[]): Promise<UserRecord[]> {
  if (rows.length === 0) return [];
  const roleRows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where(
      'user_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const rolesByUser = new Map<string, string[]>();
  for (const { user_id, role } of roleRows) rolesByUser.set(user_id, [...(rolesByUser.get(user_id) ?? []), role]);
  return rows.map((row) => fromUserRow(row, rolesByUser.get(row.id) ?? []));
}

/**
 * Finds one user and its roles by `column` in one query (a row per role, or one row with a null
 * role): every authenticated `GET /users/me` and every login runs it. The query is built and
 * compiled to SQL once; building and compiling a Kysely query again on every call cost about as
 * much as a second query, and only the value changes (it is a bound parameter).
 */
function userLookup(db: Db, column: 'id' | 'email_key'): (value: string) => Promise<UserRecord | null> {
  const compiled = db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .selectAll('users')
    .select('user_roles.role')
    .where(`users.${column}`, '=', '')
    .compile();
  return async (value) => {
    if (!couldBeStored(value)) return null;
    const { rows } = await db.executeQuery<UserRow & { role: string | null }>({ ...compiled, parameters: [value] });
    const [first] = rows;
    return first
      ? fromUserRow(
          first,
          rows.flatMap((r) => (r.role === null ? [] : [r.role])),
        )
      : null;
  };
}

async function insertRoles(db: Db, userId: string, roles: readonly string[]): Promise<void> {
  const unique = canonicalRoles(roles);
  if (unique.length > 0)
    await db
      .insertInto('user_roles')
      .values(unique.map((role) => ({ user_id: userId, role })))
      .execute();
}

/**
 * The ids of the users holding `super`, locking their `super` rows until the transaction ends. Two supers demoting each other at once: the second waits on the first's locks and then, on
 * PostgreSQL (READ COMMITTED re-checks the locked rows) and MariaDB (a locking read sees the latest
 * commit), no longer finds the first, so one of them keeps the role. SQLite runs one write
 * transaction at a time and has no FOR UPDATE.
 */
async function lockSuperHolders(db: Db, dialect: SqlDatabase['dialect']): Promise<string[]> {
  const holders = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'super')
    .$if(dialect !== 'sqlite', (query) => query.forUpdate())
    .execute();
  return holders.map((holder) => holder.user_id);
}

/** Inserts a user row and its roles; run it inside a transaction (shared with `createUserWithIdentity`). */
export async function insertUserIn(db: Db, user: UserRecord): Promise<void> {
  await db.insertInto('users').values(toUserRow(user)).execute();
  await insertRoles(db, user.id, user.roles);
}

/**
 * Users over Kysely. Uniqueness of e-mail and username is the database's job (unique indexes on the
 * lower-cased key columns), so it holds across processes; this code only translates the violation.
 */
export function createSqlUserStore({ db, dialect }: SqlDatabase, undo?: UndoOfUnconfirmedInserts): UserStore {
  const byId = userLookup(db, 'id');
  const byEmailKey = userLookup(db, 'email_key');
  return {
    async createUser(user) {
      try {
        // Three instances inserting one address at once can deadlock in InnoDB (its manual's duplicate-key
        // case: the waiting sessions' shared locks); the retry then meets the committed row as a duplicate.
        await retryOnDeadlock(dialect, () => db.transaction().execute((trx) => insertUserIn(trx, user)));
      } catch (error) {
        // Answered 503, yet the server may still commit it: undone once the database answers.
        if (isAuthError(error) && error.code === 'DATABASE_UNAVAILABLE') undo?.undoUser(user);
        throw toTakenError(dialect, error) ?? error;
      }
    },

    findUserById: byId,

    findUserByEmail: (email) => byEmailKey(uniqueKey(email)),

    async usernameExists(username) {
      if (!couldBeStored(username)) return false;
      const row = await db.selectFrom('users').select('id').where('username_key', '=', uniqueKey(username)).executeTakeFirst();
      return row !== undefined;
    },

    async listUsers({ limit, offset }) {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
      return withRoles(db, rows);
    },

    async listUsersByRole(role) {
      const rows = await db
        .selectFrom('users')
        .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
        .selectAll('users')
        .where('user_roles.role', '=', role)
        .orderBy('users.created_at', 'asc')
        .orderBy('users.id', 'asc')
        .execute();
      return withRoles(db, rows);
    },

    async setUserRoles(id, roles, at, options = {}) {
      if (!couldBeStored(id)) return null;
      const next = canonicalRoles(roles);
      const change = () =>
        db.transaction().execute(async (trx) => {
          if (options.keepLastSuper && !next.includes('super')) {
            const supers = await lockSuperHolders(trx, dialect);
            if (supers.includes(id) && supers.length === 1) throw new AuthError('LAST_SUPER');
          }
          // Updating the user row first locks it, so two role changes of one user run one after the other.
          await trx
            .updateTable('users')
            .set((eb) => ({
              updated_at: toEpochMillis(at),
              ...(options.bumpTokenVersion ? { token_version: eb('token_version', '+', 1) } : {}),
            }))
            .where('id', '=', id)
            .execute();
          const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
          if (!row) return null;
          await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
          await insertRoles(trx, id, next);
          return fromUserRow(row, next);
        });
      return retryOnDeadlock(dialect, change);
    },

    async markEmailVerified(id, at) {
      if (!couldBeStored(id)) return;
      await db
        .updateTable('users')
        .set((eb) => ({
          is_active: 1,
          // Keep the first verification time if the address was already confirmed.
          email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(toEpochMillis(at))).$castTo<number>(),
          updated_at: toEpochMillis(at),
        }))
        .where('id', '=', id)
        .execute();
    },

    async updatePasswordHash(id, passwordHash, at) {
      if (!couldBeStored(id)) return;
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: toEpochMillis(at) })
        .where('id', '=', id)
        .execute();
    },

    async changePassword(id, passwordHash, at) {
      await changePasswordIn(db, id, passwordHash, at);
    },

    async recordLogin(id, at) {
      if (!couldBeStored(id)) return;
      // A login is not an edit of the account, so updated_at stays as it was.
      await db
        .updateTable('users')
        .set({ last_login_at: toEpochMillis(at) })
        .where('id', '=', id)
        .execute();
    },

    async setConfirmedEmail(id, email, at) {
      if (!couldBeStored(id) || !couldBeStored(email)) return false;
      try {
        const when = toEpochMillis(at);
        const result = await db
          .updateTable('users')
          .set({ email, email_key: uniqueKey(email), is_active: 1, email_verified_at: when, updated_at: when })
          .where('id', '=', id)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      } catch (error) {
        throw toTakenError(dialect, error) ?? error;
      }
    },

    bumpTokenVersion: (id, at) => db.transaction().execute((trx) => bumpTokenVersionIn(trx, id, at)),
  };
}

/** Sets a password chosen by the user; shared with the password reset, which runs it in its transaction. */
export async function changePasswordIn(db: Db, id: string, passwordHash: string | null, at: Date): Promise<void> {
  if (!couldBeStored(id)) return;
  const when = toEpochMillis(at);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash ?? '', password_changed_at: when, updated_at: when })
    .where('id', '=', id)
    .execute();
}

/**
 * Adds one to a user's token version and reads the result back; run it inside a transaction. The
 * UPDATE computes `token_version + 1` in the database and locks the row until commit, so parallel
 * bumps never read the same value; the read then sees this transaction's own write.
 */
export async function bumpTokenVersionIn(db: Db, id: string, at: Date): Promise<number | null> {
  if (!couldBeStored(id)) return null;
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: toEpochMillis(at) }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.token_version) : null;
}

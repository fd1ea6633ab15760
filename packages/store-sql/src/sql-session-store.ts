import type { NewSession, SessionRecord, SessionStore } from '@gatehousejs/core/ports';
import type { Kysely, Selectable } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { fromEpochMillis, toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase, SessionsTable } from './schema/database-schema.js';

type Db = Kysely<GatehouseDatabase>;

/** Longer values are cut: a `User-Agent` is for a person to recognise the device, not evidence. */
const USER_AGENT_MAX = 512;
const ADDRESS_MAX = 64;

const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

function fromSessionRow(row: Selectable<SessionsTable>): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: fromEpochMillis(row.created_at),
    lastUsedAt: fromEpochMillis(row.last_used_at),
    expiresAt: fromEpochMillis(row.expires_at),
    authTime: fromEpochMillis(row.auth_time),
    amr: row.amr === '' ? [] : row.amr.split(' '),
    userAgent: row.user_agent,
    ipAddress: row.ip_address,
  };
}

/** Inserts the session a sign-in starts, beside its first refresh token (same transaction when there is one). */
export async function insertSessionIn(
  db: Db,
  session: NewSession & { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: toEpochMillis(session.createdAt),
      last_used_at: toEpochMillis(session.createdAt),
      expires_at: toEpochMillis(session.expiresAt),
      auth_time: toEpochMillis(session.authTime),
      amr: session.amr.join(' '),
      user_agent: cut(session.userAgent, USER_AGENT_MAX),
      ip_address: cut(session.ipAddress, ADDRESS_MAX),
    })
    .execute();
}

/** Sessions over Kysely; "live" is decided against `refresh_tokens` (no revoked row in the family). */
export function createSqlSessionStore(db: Db): SessionStore {
  const live = (userId: string, now: Date) =>
    db
      .selectFrom('sessions')
      .selectAll('sessions')
      .where('sessions.user_id', '=', userId)
      .where('sessions.expires_at', '>', toEpochMillis(now))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('refresh_tokens')
              .select('refresh_tokens.jti')
              .whereRef('refresh_tokens.family_id', '=', 'sessions.id')
              .where('refresh_tokens.revoked_at', 'is not', null),
          ),
        ),
      );

  return {
    async findSession(id, userId, now) {
      if (!couldBeStored(id) || !couldBeStored(userId)) return null;
      const row = await live(userId, now).where('sessions.id', '=', id).executeTakeFirst();
      return row ? fromSessionRow(row) : null;
    },

    async listSessions(userId, now) {
      if (!couldBeStored(userId)) return [];
      const rows = await live(userId, now).orderBy('sessions.last_used_at', 'desc').orderBy('sessions.id', 'asc').execute();
      return rows.map(fromSessionRow);
    },

    async recordSessionUse(id, userId, use) {
      if (!couldBeStored(id) || !couldBeStored(userId)) return;
      await db
        .updateTable('sessions')
        .set({
          last_used_at: toEpochMillis(use.at),
          expires_at: toEpochMillis(use.expiresAt),
          user_agent: cut(use.userAgent, USER_AGENT_MAX),
          ip_address: cut(use.ipAddress, ADDRESS_MAX),
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    async recordReauthentication(id, userId, authTime, amr, now) {
      if (!couldBeStored(id) || !couldBeStored(userId)) return false;
      // One conditional UPDATE: a session revoked or ended meanwhile is not re-authenticated.
      const result = await db
        .updateTable('sessions')
        .set({ auth_time: toEpochMillis(authTime), amr: amr.join(' ') })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('expires_at', '>', toEpochMillis(now))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('refresh_tokens')
                .select('refresh_tokens.jti')
                .where('refresh_tokens.family_id', '=', id)
                .where('refresh_tokens.revoked_at', 'is not', null),
            ),
          ),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteSessionsExpiredBefore(before) {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', toEpochMillis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

import type { NewSession, RefreshTokenRecord, SessionRecord, SessionStore } from '@gatehousejs/core/ports';
import type { MemoryState } from './memory-state.js';

const USER_AGENT_MAX = 512;
const ADDRESS_MAX = 64;

const cut = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));
const copyDate = (date: Date) => new Date(date.getTime());

function copySession(session: SessionRecord): SessionRecord {
  return {
    ...session,
    createdAt: copyDate(session.createdAt),
    lastUsedAt: copyDate(session.lastUsedAt),
    expiresAt: copyDate(session.expiresAt),
    authTime: copyDate(session.authTime),
    amr: [...session.amr],
  };
}

/** Records the session a sign-in starts; shared with the stores of its first refresh token. */
export function startSessionNow(state: MemoryState, token: RefreshTokenRecord, session: NewSession): void {
  state.sessions.set(token.familyId, {
    id: token.familyId,
    userId: token.userId,
    createdAt: copyDate(token.issuedAt),
    lastUsedAt: copyDate(token.issuedAt),
    expiresAt: copyDate(token.expiresAt),
    authTime: copyDate(session.authTime),
    amr: [...session.amr],
    userAgent: cut(session.userAgent, USER_AGENT_MAX),
    ipAddress: cut(session.ipAddress, ADDRESS_MAX),
  });
}

/** As in SQL: live while unexpired and no refresh token of its family is revoked. */
function liveSession(state: MemoryState, id: string, userId: string, now: Date): SessionRecord | undefined {
  const session = state.sessions.get(id);
  if (!session || session.userId !== userId || session.expiresAt.getTime() <= now.getTime()) return undefined;
  for (const token of state.refreshTokens.values()) if (token.familyId === id && token.revokedAt !== null) return undefined;
  return session;
}

/** Sessions per device in memory; every method checks and writes in one synchronous step. */
export function createMemorySessionStore(state: MemoryState): SessionStore {
  return {
    async findSession(id, userId, now) {
      const session = liveSession(state, id, userId, now);
      return session ? copySession(session) : null;
    },

    async listSessions(userId, now) {
      return [...state.sessions.values()]
        .filter((session) => session.userId === userId && liveSession(state, session.id, userId, now))
        .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(copySession);
    },

    async recordSessionUse(id, userId, use) {
      const session = state.sessions.get(id);
      if (!session || session.userId !== userId) return;
      session.lastUsedAt = copyDate(use.at);
      session.expiresAt = copyDate(use.expiresAt);
      session.userAgent = cut(use.userAgent, USER_AGENT_MAX);
      session.ipAddress = cut(use.ipAddress, ADDRESS_MAX);
    },

    async recordReauthentication(id, userId, authTime, amr, now) {
      const session = liveSession(state, id, userId, now);
      if (!session) return false;
      session.authTime = copyDate(authTime);
      session.amr = [...amr];
      return true;
    },

    async deleteSessionsExpiredBefore(before) {
      let deleted = 0;
      for (const [id, session] of state.sessions) {
        if (session.expiresAt.getTime() <= before.getTime()) {
          state.sessions.delete(id);
          deleted++;
        }
      }
      return deleted;
    },
  };
}

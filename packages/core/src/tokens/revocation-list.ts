import type { Revocation } from '../ports/revocation-feed.js';
import type { AccessTokenPayload } from './token-claims.js';

/**
 * The revocations an instance knows of, in memory, each kept only as long as an access token issued
 * before it can live: a session id refuses every token of that session, a user id every token of
 * that user issued (`iat`) at or before the revocation. One or two map lookups per request, no store.
 */
export interface RevocationList {
  add(revocation: Revocation): void;
  isRevoked(payload: Pick<AccessTokenPayload<string>, 'id' | 'sid' | 'iat'>, nowMs: number): boolean;
  /** How many entries are kept (for tests and metrics). */
  size(): number;
}

/** Entries swept at most this often; a lookup compares the expiry anyway. */
const SWEEP_EVERY = 1_024;

/** `lifetimeMs`: the longest an access token lives (TTL plus jitter) plus the clock skew allowed. */
export function createRevocationList(lifetimeMs: number): RevocationList {
  const sessions = new Map<string, number>();
  const users = new Map<string, { at: number; expiresAt: number }>();
  let adds = 0;

  const sweep = (nowMs: number) => {
    for (const [id, expiresAt] of sessions) if (expiresAt <= nowMs) sessions.delete(id);
    for (const [id, entry] of users) if (entry.expiresAt <= nowMs) users.delete(id);
  };

  return {
    add({ kind, id, at }) {
      const expiresAt = at + lifetimeMs;
      if (kind === 'session') {
        sessions.set(id, Math.max(expiresAt, sessions.get(id) ?? 0));
      } else {
        const known = users.get(id);
        if (!known || known.at < at) users.set(id, { at, expiresAt });
      }
      if (++adds % SWEEP_EVERY === 0) sweep(at);
    },

    isRevoked(payload, nowMs) {
      if (payload.sid !== undefined) {
        const until = sessions.get(payload.sid);
        if (until !== undefined && until > nowMs) return true;
      }
      const user = users.get(payload.id);
      // `iat` is in whole seconds: a token signed in the same second as the revocation is refused.
      return user !== undefined && user.expiresAt > nowMs && payload.iat * 1000 <= user.at;
    },

    size: () => sessions.size + users.size,
  };
}

/**
 * A session: one sign-in on one device, i.e. one refresh-token rotation family (its `id` is the
 * family id, the `sid` of its access tokens). What `GET /users/me/sessions` lists.
 */
export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  /** The sign-in or the last refresh. */
  lastUsedAt: Date;
  /** When its newest refresh token expires. */
  expiresAt: Date;
  /** The last full authentication (`auth_time`): the sign-in or the last re-authentication. */
  authTime: Date;
  /** How that authentication was made (`amr`, RFC 8176). */
  amr: string[];
  /** The `User-Agent` of the sign-in or the last refresh, at most 512 characters. */
  userAgent: string | null;
  /** The client address of the sign-in or the last refresh, as the adapter saw it (not masked). */
  ipAddress: string | null;
}

/** What a sign-in stores about its new session, in the same step as its first refresh token. */
export interface NewSession {
  authTime: Date;
  amr: readonly string[];
  userAgent: string | null;
  ipAddress: string | null;
}

/** What a refresh records about its session. */
export interface SessionUse {
  at: Date;
  expiresAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
}

/**
 * Sessions per device. A session is created by `saveRefreshToken` / `createUserWithRefreshToken`
 * when the token's record carries `session`; it is live while it has not expired and its family has
 * not been revoked (logout, reuse detected, logout-all, password reset or change, disable).
 */
export interface SessionStore {
  /** The live session `id` of `userId` at `now`, or null (unknown, another user's, ended). */
  findSession(id: string, userId: string, now: Date): Promise<SessionRecord | null>;
  /** Every live session of `userId` at `now`, most recently used first. */
  listSessions(userId: string, now: Date): Promise<SessionRecord[]>;
  /** A refresh: sets `lastUsedAt`, `expiresAt`, `userAgent` and `ipAddress`. Unknown ids are ignored. */
  recordSessionUse(id: string, userId: string, use: SessionUse): Promise<void>;
  /**
   * A re-authentication: sets `authTime` and `amr` of the live session `id` of `userId`. False (and
   * nothing changed) when there is no such live session.
   */
  recordReauthentication(id: string, userId: string, authTime: Date, amr: readonly string[], now: Date): Promise<boolean>;
  /** Deletes every session with `expiresAt <= before`; returns how many. */
  deleteSessionsExpiredBefore(before: Date): Promise<number>;
}

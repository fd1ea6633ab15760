/**
 * One revocation that must reach the access tokens of every instance: a session (`sid`) ended, or
 * every token of a user issued until `at` (disabled, deleted).
 */
export interface Revocation {
  kind: 'session' | 'user';
  /** The session id (`sid`) or the user id. */
  id: string;
  /** When it was revoked, epoch milliseconds. A `user` revocation refuses tokens with `iat` up to it. */
  at: number;
}

/**
 * Carries revocations between the instances of an app at once (Redis pub/sub in
 * `@gatehousejs/rate-limit-redis`). Delivery may be lost while the connection is down; the instance
 * then reads the store's record of revocations instead (`isLive()` false), so a feed needs no
 * durability of its own.
 */
export interface RevocationFeed {
  /** Sends to every subscribed instance (this one too, which ignores what it already knows). */
  publish(revocation: Revocation): Promise<void>;
  /** Calls `onRevocation` for each revocation received; returns the unsubscribe. */
  subscribe(onRevocation: (revocation: Revocation) => void): () => void;
  /** Whether revocations arrive now; while false the instance polls the store. */
  isLive(): boolean;
}

/** The store's record of recent revocations, read by instances whose feed is down (or that have none). */
export interface RevocationStore {
  /** Records revocations (a repeated one keeps the latest `at`). */
  recordRevocations(revocations: readonly Revocation[], expiresAt: Date): Promise<void>;
  /** Revocations recorded with `at >= since` (epoch milliseconds) that have not expired at `now`. */
  listRevocationsSince(since: number, now: Date): Promise<Revocation[]>;
  /** Deletes records with `expiresAt <= before`; returns how many. */
  deleteRevocationsExpiredBefore(before: Date): Promise<number>;
}

import type { Revocation, RevocationFeed, RevocationStore } from '../ports/revocation-feed.js';
import type { RevocationList } from './revocation-list.js';

export interface RevocationSyncOptions {
  list: RevocationList;
  store: RevocationStore;
  feed?: RevocationFeed | undefined;
  /** How often the store is read while the feed is down or absent. */
  pollIntervalMs: number;
  /** How long an entry matters: the longest an access token lives, plus the clock skew allowed. */
  lifetimeMs: number;
  now: () => Date;
  onError: (error: unknown) => void;
}

export interface RevocationSync {
  /**
   * Revokes on this instance at once, records in the store (awaited: the caller's request fails
   * with the store) and publishes to the other instances (in the background; the store's record
   * reaches them if the feed drops it).
   */
  revoke(revocations: readonly Revocation[]): Promise<void>;
  /** Stops polling and unsubscribes. */
  stop(): void;
}

/** A record read again by the next poll: commits that landed just behind the last one, clock skew. */
const OVERLAP_MS = 5_000;
/** While the feed is live the store is still read this much less often, in case a publish was lost. */
const SAFETY_POLL_FACTOR = 10;

/**
 * Keeps the in-memory revocation list of one instance in step with the others: from the feed at
 * once while it is live, from the store every `pollIntervalMs` while it is not (Redis restarting)
 * or when there is none, and from the store on start (a new instance learns the recent ones).
 */
export function startRevocationSync(options: RevocationSyncOptions): RevocationSync {
  const { list, store, feed } = options;
  const unsubscribe = feed?.subscribe((revocation) => list.add(revocation));
  let covered = options.now().getTime() - options.lifetimeMs;
  let ticks = 0;
  let polling = false;

  async function poll(): Promise<void> {
    const startedAt = options.now();
    const found = await store.listRevocationsSince(covered - OVERLAP_MS, startedAt);
    for (const revocation of found) list.add(revocation);
    covered = startedAt.getTime();
  }

  const timer = setInterval(() => {
    ticks += 1;
    const live = feed?.isLive() ?? false;
    if (live && ticks % SAFETY_POLL_FACTOR !== 0) return;
    if (polling) return;
    polling = true;
    poll()
      .catch(options.onError)
      .finally(() => {
        polling = false;
      });
  }, options.pollIntervalMs);
  // Polling never keeps a process alive that is otherwise done.
  timer.unref?.();
  void poll().catch(options.onError);

  return {
    async revoke(revocations) {
      for (const revocation of revocations) list.add(revocation);
      if (revocations.length === 0) return;
      const latest = Math.max(...revocations.map((r) => r.at));
      await store.recordRevocations(revocations, new Date(latest + options.lifetimeMs));
      if (feed) {
        for (const revocation of revocations) feed.publish(revocation).catch(options.onError);
      }
    },
    stop() {
      clearInterval(timer);
      unsubscribe?.();
    },
  };
}

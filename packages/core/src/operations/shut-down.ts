/** What `auth.shutdown()` stops, drains and closes, in its order. */
export interface ShutdownParts {
  /** Readiness answers `stopping` from the first moment. */
  stopReadiness(): void;
  /** Stops reading revocations from the store and the feed. */
  stopRevocationSync(): void;
  /** Resolves once no hash runs or waits. */
  hashesIdle(): Promise<void>;
  /** Resolves once the background work (mails) was handed over. */
  backgroundIdle(): Promise<void>;
  /** Closed in this order, each tried even when one before it failed: the hasher, the mailer, the store last. */
  closers: ReadonlyArray<(() => Promise<void>) | undefined>;
}

/**
 * Graceful shutdown of auth: readiness turns `stopping`; the app stops serving (`stopServing`, such
 * as draining its HTTP server, so the requests in flight finish with every port still open); then
 * the hashes and mails still under way finish, and the hasher's workers, the mailer and the store
 * close. Rejects with the first failure to close, after trying every one.
 */
export async function shutDown(parts: ShutdownParts, stopServing?: () => Promise<void>): Promise<void> {
  parts.stopReadiness();
  await stopServing?.();
  parts.stopRevocationSync();
  await parts.hashesIdle();
  await parts.backgroundIdle();
  let failure: { error: unknown } | undefined;
  for (const close of parts.closers) {
    if (!close) continue;
    try {
      await close();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

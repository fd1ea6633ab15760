import type { TokenPair } from './api-types.js';
import type { TokenStorage } from './token-storage.js';

/** The part of the Web Locks API the client uses (`navigator.locks` in browsers). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** `navigator.locks` where the runtime has it (browsers, Node 22+), otherwise undefined. */
export function webLocks(): LockManagerLike | undefined {
  const locks = (globalThis as { navigator?: { locks?: Partial<LockManagerLike> } }).navigator?.locks;
  return typeof locks?.request === 'function' ? (locks as LockManagerLike) : undefined;
}

/**
 * Rotates the session at most once at a time. Refresh tokens are single use and a reused one revokes
 * the whole session (reuse detection), so ten requests that find the access token expired must cause
 * one refresh, not ten. Within one page a shared promise does it; across tabs sharing a storage, a
 * Web Lock does: the tab that gets the lock second finds the pair already rotated and takes it.
 *
 * `rotate` sends the refresh token and returns the new pair.
 */
export function singleFlightRefresh(
  storage: TokenStorage,
  rotate: (refreshToken: string) => Promise<TokenPair>,
  options: { locks?: LockManagerLike | undefined; lockName: string },
): (stale: TokenPair) => Promise<TokenPair> {
  let inFlight: Promise<TokenPair> | undefined;

  const run = async (stale: TokenPair): Promise<TokenPair> => {
    const current = await storage.load();
    // Someone (this page earlier, or another tab) rotated since `stale` was read: use their pair.
    // In cookie mode the refresh token is out of reach (''), so the access token tells.
    if (current && (current.refreshToken !== stale.refreshToken || current.accessToken !== stale.accessToken)) return current;
    const next = await rotate(stale.refreshToken);
    await storage.save(next);
    return next;
  };

  return (stale) => {
    inFlight ??= (options.locks ? options.locks.request(options.lockName, () => run(stale)) : run(stale)).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/** How many verified access tokens `createAuth` remembers unless told otherwise (about 1 KiB each). */
export const DEFAULT_VERIFIED_TOKEN_CACHE_ENTRIES = 10_000;

/**
 * `createAuth`'s choice: on by default; off when the app says `false`, and always off while
 * per-request revocation (`checkTokenVersion`) is on, so that mode sees every token verified in full.
 */
export function accessTokenCacheSetting(
  option: { maxEntries?: number } | false | undefined,
  config: { checkTokenVersion: boolean },
): { maxEntries: number } | false {
  if (option === false || config.checkTokenVersion) return false;
  return { maxEntries: option?.maxEntries ?? DEFAULT_VERIFIED_TOKEN_CACHE_ENTRIES };
}

/** A token that passed every check, and the window in which those checks keep passing. */
export interface VerifiedEntry<P> {
  payload: P;
  /** `exp`: the token is expired when `now >= expiresAt` (seconds). */
  expiresAt: number;
  /** `nbf` if the token carried one: it is not yet valid while `now < notBefore` (seconds). */
  notBefore: number | undefined;
}

/**
 * A least-recently-used map from the exact token string to its verified payload, bounded to
 * `maxEntries`. A Map iterates in insertion order, so re-inserting on every hit keeps the oldest
 * entry first and eviction is `O(1)`.
 */
export interface VerifiedTokenCache<P> {
  readonly size: number;
  /** The entry if it is cached and still inside its validity window at `nowSeconds`; drops it otherwise. */
  get(token: string, nowSeconds: number): VerifiedEntry<P> | undefined;
  set(token: string, entry: VerifiedEntry<P>): void;
}

export function createVerifiedTokenCache<P>(maxEntries: number): VerifiedTokenCache<P> {
  const entries = new Map<string, VerifiedEntry<P>>();
  return {
    get size() {
      return entries.size;
    },
    get(token, nowSeconds) {
      const entry = entries.get(token);
      if (entry === undefined) return undefined;
      entries.delete(token);
      const valid = nowSeconds < entry.expiresAt && (entry.notBefore === undefined || entry.notBefore <= nowSeconds);
      if (!valid) return undefined;
      entries.set(token, entry);
      return entry;
    },
    set(token, entry) {
      entries.delete(token);
      entries.set(token, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

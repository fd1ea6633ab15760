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
 * A map from the exact token string to its verified payload, bounded to `maxEntries`, that evicts
 * the least recently used entries (approximately: "second chance", the CLOCK algorithm). A hit only
 * marks its entry as used; it does not move it, because deleting and re-inserting a 300-character
 * key in a Map on every request cost about 4 % of a bare Hono route's throughput. When the map is
 * full, the oldest entry goes, unless it was used since it last came to the front: then it loses
 * the mark and goes to the back instead. Eviction is `O(1)` on average.
 */
export interface VerifiedTokenCache<P> {
  readonly size: number;
  /** The entry if it is cached and still inside its validity window at `nowSeconds`; drops it otherwise. */
  get(token: string, nowSeconds: number): VerifiedEntry<P> | undefined;
  set(token: string, entry: VerifiedEntry<P>): void;
}

interface Slot<P> {
  entry: VerifiedEntry<P>;
  /** Hit since it was inserted or last given a second chance. */
  used: boolean;
}

export function createVerifiedTokenCache<P>(maxEntries: number): VerifiedTokenCache<P> {
  // A Map iterates in insertion order: the first key is the oldest.
  const slots = new Map<string, Slot<P>>();
  return {
    get size() {
      return slots.size;
    },
    get(token, nowSeconds) {
      const slot = slots.get(token);
      if (slot === undefined) return undefined;
      const { expiresAt, notBefore } = slot.entry;
      if (nowSeconds >= expiresAt || (notBefore !== undefined && nowSeconds < notBefore)) {
        slots.delete(token);
        return undefined;
      }
      slot.used = true;
      return slot.entry;
    },
    set(token, entry) {
      slots.delete(token);
      // Room first, then the new entry: evicting after inserting could drop the entry just verified.
      while (slots.size >= maxEntries) {
        const [oldestToken, oldest] = slots.entries().next().value!;
        slots.delete(oldestToken);
        if (oldest.used) {
          oldest.used = false;
          slots.set(oldestToken, oldest);
        }
      }
      slots.set(token, { entry, used: false });
    },
  };
}

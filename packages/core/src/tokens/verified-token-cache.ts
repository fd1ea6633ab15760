import { z } from 'zod';
import { parseSettings, wholeNumberSetting } from '../config/auth-config.js';

/** How many verified access tokens `createAuth` remembers unless told otherwise (about 1 KiB each). */
export const DEFAULT_VERIFIED_TOKEN_CACHE_ENTRIES = 10_000;
export const MAX_VERIFIED_TOKEN_CACHE_ENTRIES = 1_000_000;

const maxEntries = wholeNumberSetting(1, MAX_VERIFIED_TOKEN_CACHE_ENTRIES);
// `false` (off) is told apart before parsing, so a bad size is reported as `maxEntries`, not as a union.
const cacheOption = z.strictObject({ maxEntries: maxEntries.default(DEFAULT_VERIFIED_TOKEN_CACHE_ENTRIES) }).optional();
/** The token service's own option: a cache is sized by the caller. */
const sizedCache = z.strictObject({ maxEntries });

/**
 * `maxEntries` of a `createTokenService` cache option, checked; `undefined` when there is no cache.
 * Throws `INVALID_CONFIG` naming `accessTokenCache.maxEntries`.
 */
export function parseCacheSize(option: unknown): number | undefined {
  if (option === false || option === undefined) return undefined;
  return parseSettings(sizedCache, option, 'accessTokenCache.').maxEntries;
}

/**
 * `createAuth`'s choice: on by default; off when the app says `false`, and always off while
 * per-request revocation (`checkTokenVersion`) is on, so that mode sees every token verified in full.
 */
export function accessTokenCacheSetting(
  option: { maxEntries?: number } | false | undefined,
  config: { checkTokenVersion: boolean },
): { maxEntries: number } | false {
  if (option === false) return false;
  const parsed = parseSettings(cacheOption, option, 'accessTokenCache.');
  if (config.checkTokenVersion) return false;
  return { maxEntries: parsed?.maxEntries ?? DEFAULT_VERIFIED_TOKEN_CACHE_ENTRIES };
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
 * key in a Map on every request cost a measurable share of a bare route's throughput
 * (docs/performance.md). When the map is
 * full, the oldest entry goes, unless it was used since it last came to the front: then it loses
 * the mark and goes to the back instead. Eviction is `O(1)` on average.
 *
 * Looked up by the token's signature, then compared whole. A lookup hashes the string it is given,
 * and hashing a fresh 340-character header value on every request cost about half a microsecond,
 * more than the rest of the guard; the 43 characters of an HS256 signature cost a fifth of that.
 * The answer is the same as a lookup by the whole string: an entry is returned only for a string
 * equal to the one verified. Two verified tokens never share a signature unless they are the same
 * token (HMAC-SHA-256 does not collide); if they did, the newer would replace the older: a miss,
 * never a wrong answer. The whole-string comparison is not constant-time and need not be: only a
 * string ending in a cached token's entire signature, the one secret part of a token, reaches it,
 * and what it then compares first is the header and payload, which are not secret.
 */
export interface VerifiedTokenCache<P> {
  readonly size: number;
  /** The entry if it is cached and still inside its validity window at `nowSeconds`; drops it otherwise. */
  get(token: string, nowSeconds: number): VerifiedEntry<P> | undefined;
  set(token: string, entry: VerifiedEntry<P>): void;
}

interface Slot<P> {
  /** The whole token, compared on every hit: the map's key is only its signature. */
  token: string;
  entry: VerifiedEntry<P>;
  /** Hit since it was inserted or last given a second chance. */
  used: boolean;
}

/** Characters in the base64url form of an HMAC-SHA-256 signature (32 bytes): the last part of every token we sign. */
const HS256_SIGNATURE_LENGTH = 43;

/**
 * The map key of a token: its last 43 characters, which for a token we signed are exactly its
 * signature (the whole string if shorter). Not looking for the last `.` saves a scan of the token.
 */
const signatureOf = (token: string): string => token.slice(-HS256_SIGNATURE_LENGTH);

export function createVerifiedTokenCache<P>(maxEntries: number): VerifiedTokenCache<P> {
  // A Map iterates in insertion order: the first key is the oldest.
  const slots = new Map<string, Slot<P>>();
  return {
    get size() {
      return slots.size;
    },
    get(token, nowSeconds) {
      const key = signatureOf(token);
      const slot = slots.get(key);
      if (slot === undefined || slot.token !== token) return undefined;
      const { expiresAt, notBefore } = slot.entry;
      if (nowSeconds >= expiresAt || (notBefore !== undefined && nowSeconds < notBefore)) {
        slots.delete(key);
        return undefined;
      }
      slot.used = true;
      return slot.entry;
    },
    set(token, entry) {
      const key = signatureOf(token);
      slots.delete(key);
      // Room first, then the new entry: evicting after inserting could drop the entry just verified.
      while (slots.size >= maxEntries) {
        const [oldestKey, oldest] = slots.entries().next().value!;
        slots.delete(oldestKey);
        if (oldest.used) {
          oldest.used = false;
          slots.set(oldestKey, oldest);
        }
      }
      slots.set(key, { token, entry, used: false });
    },
  };
}

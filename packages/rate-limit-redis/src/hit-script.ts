import { createHash } from 'node:crypto';

/**
 * One hit, atomically (Redis runs a script without interleaving other commands). The window is a
 * hash `{ c: count, e: window end in epoch ms }`. Whether the window has ended is decided by
 * comparing `e` with the caller's `now`, never by Redis's clock or by the key's expiry, so fake
 * clocks work and instances agree whatever Redis's time. `PEXPIRE` only removes the key some time
 * after its window ended.
 *
 * KEYS[1]: the window's key. ARGV[1]: now; ARGV[2]: the end of a window starting now; ARGV[3]: how
 * long a new key may live, in ms. Returns `{ count, window end }`. Numbers travel as strings so
 * 13-digit epoch milliseconds never go through Lua's number formatting.
 */
export const HIT_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'e')
if stored and tonumber(stored) > tonumber(ARGV[1]) then
  return {redis.call('HINCRBY', KEYS[1], 'c', 1), stored}
end
redis.call('HSET', KEYS[1], 'c', 1, 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, ARGV[2]}
`;

/** The script's SHA-1, the name Redis caches it under for `EVALSHA`. */
export const HIT_SCRIPT_SHA1 = createHash('sha1').update(HIT_SCRIPT).digest('hex');

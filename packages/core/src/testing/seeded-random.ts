import type { Random } from '../ports/random.js';

/**
 * Deterministic bytes (xorshift32) for repeatable tests. Never use outside tests: it is predictable.
 */
export function createSeededRandom(seed = 0x9e3779b9): Random {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = next() & 0xff;
      return out;
    },
  };
}

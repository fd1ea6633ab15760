/** A cryptographically secure source of bytes in production; seeded in tests. */
export interface Random {
  bytes(length: number): Uint8Array;
}

/** Web Crypto's CSPRNG, available in Node 20+, Bun, Deno and workers. */
export const cryptoRandom: Random = {
  bytes(length) {
    const out = new Uint8Array(length);
    globalThis.crypto.getRandomValues(out);
    return out;
  },
};

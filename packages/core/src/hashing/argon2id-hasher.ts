import type { PasswordHasher } from '../ports/password-hasher.js';
import { cryptoRandom, type Random } from '../ports/random.js';
import { createArgon2idHasherFromEngine, type Argon2idEngine } from './argon2id-engine.js';
import type { Argon2idParameters } from './argon2id-phc.js';

/**
 * hash-wasm (its WebAssembly modules travel as base64 in its JavaScript: 4–8 MB once loaded) is
 * imported with the first hash: a server that hashes on a worker pool never loads it here.
 */
let hashWasm: Promise<typeof import('hash-wasm')> | undefined;
const loadHashWasm = () => (hashWasm ??= import('hash-wasm'));

const hashWasmEngine: Argon2idEngine = {
  hash: async (password, salt, params, hashLength) =>
    (await loadHashWasm()).argon2id({
      password,
      salt,
      iterations: params.timeCost,
      memorySize: params.memoryCost,
      parallelism: params.parallelism,
      hashLength,
      outputType: 'encoded',
    }),
  async verify(phcHash, password) {
    const { argon2Verify } = await loadHashWasm();
    try {
      return await argon2Verify({ password, hash: phcHash });
    } catch {
      return false;
    }
  },
};

/**
 * Argon2id in WebAssembly (hash-wasm), PHC strings in and out. It computes on the calling thread,
 * blocking it for each hash (docs/performance.md has the figures): fine for scripts and tests; a
 * server should take a worker pool from `@gatehousejs/hasher`, which writes the same strings.
 *
 * @example
 * const hasher = createArgon2idHasher({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
 * const phc = await hasher.hash('correct horse battery staple');
 */
export function createArgon2idHasher(params: Argon2idParameters, random: Random = cryptoRandom): PasswordHasher {
  return createArgon2idHasherFromEngine(hashWasmEngine, params, random);
}

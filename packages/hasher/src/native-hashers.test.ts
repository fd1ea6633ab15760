import { createArgon2idHasher } from '@gatehousejs/core';
import { describeArgon2idHasherContract } from '@gatehousejs/core/testing';
import { describe, expect, it } from 'vitest';
import type { Argon2idWorkerPool } from './create-argon2id-worker-pool.js';
import { createNativeArgon2idHasher } from './create-native-argon2id-hasher.js';
import { createNativeArgon2idWorkerPool } from './create-native-argon2id-worker-pool.js';

describeArgon2idHasherContract('native hasher', { create: (params, random) => createNativeArgon2idHasher(params, random) });

describe('native hasher with the spec parameters', () => {
  const SPEC = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

  it('verifies with the hash-wasm hasher both ways at 19456/2/1', async () => {
    const native = createNativeArgon2idHasher(SPEC);
    const wasm = createArgon2idHasher(SPEC);
    const fromNative = await native.hash('correct horse battery staple');
    expect(fromNative).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(wasm.verify(fromNative, 'correct horse battery staple')).resolves.toBe(true);
    await expect(native.verify(await wasm.hash('correct horse battery staple'), 'correct horse battery staple')).resolves.toBe(true);
  });

  it('rejects the hash promise when the parameters are impossible', async () => {
    // Argon2 needs at least 8 KiB per lane: the library's error must reach the caller.
    await expect(createNativeArgon2idHasher({ memoryCost: 8, timeCost: 1, parallelism: 4 }).hash('pw')).rejects.toThrow();
  });
});

describeArgon2idHasherContract('native worker pool', {
  create: (params, random) => createNativeArgon2idWorkerPool(params, { size: 2, ...(random ? { random } : {}) }),
  dispose: (hasher) => (hasher as Argon2idWorkerPool).close(),
});

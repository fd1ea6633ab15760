import { createArgon2idHasher } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import type { Logger } from './logger.js';
import { openHasher } from './open-hasher.js';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

function recordingLogger(): Logger & { lines: { message: string; fields?: Record<string, unknown> }[] } {
  const lines: { message: string; fields?: Record<string, unknown> }[] = [];
  const record = (message: string, fields?: Record<string, unknown>) => void lines.push({ message, ...(fields ? { fields } : {}) });
  return { lines, info: record, warn: record, error: record };
}

describe('openHasher', () => {
  it('uses the native hasher when it is installed, and logs that choice', async () => {
    const log = recordingLogger();
    const setup = await openHasher(FAST, log, { poolSize: 1 });
    try {
      expect(setup.kind).toBe('native');
      expect(log.lines).toEqual([
        { message: expect.stringContaining('native'), fields: expect.objectContaining({ hasher: 'native', threads: 1, capacity: 2 }) },
      ]);
      const phc = await setup.hasher.hash('pw-12345678');
      await expect(createArgon2idHasher(FAST).verify(phc, 'pw-12345678')).resolves.toBe(true);
    } finally {
      await setup.close();
    }
    await expect(setup.hasher.hash('after close')).rejects.toMatchObject({ code: 'HASHER_UNAVAILABLE' });
  });

  it('falls back to hash-wasm on worker processes when the native hasher cannot load, and logs why', async () => {
    const log = recordingLogger();
    const missing = Object.assign(new Error("Cannot find module '@node-rs/argon2-linux-x64-gnu'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const setup = await openHasher(FAST, log, { checkNative: () => Promise.reject(missing), poolSize: 1 });
    try {
      expect(setup.kind).toBe('hash-wasm');
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]!.fields).toMatchObject({
        hasher: 'hash-wasm',
        threads: 1,
        capacity: 2,
        reason: expect.stringContaining('@node-rs/argon2'),
      });
      const phc = await setup.hasher.hash('pw-12345678');
      await expect(createArgon2idHasher(FAST).verify(phc, 'pw-12345678')).resolves.toBe(true);
    } finally {
      await setup.close();
    }
    await expect(setup.hasher.hash('after close')).rejects.toMatchObject({ code: 'HASHER_UNAVAILABLE' });
  });
});

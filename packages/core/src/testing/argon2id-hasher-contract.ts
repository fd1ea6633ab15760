import { afterAll, describe, expect, it } from 'vitest';
import { createArgon2idHasher } from '../hashing/argon2id-hasher.js';
import { readArgon2idParameters, type Argon2idParameters } from '../hashing/argon2id-phc.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { Random } from '../ports/random.js';
import { createSeededRandom } from './seeded-random.js';

/** Builds the hasher under test; `dispose` runs once after the suite for every hasher it built. */
export interface Argon2idHasherSubject {
  create(params: Argon2idParameters, random?: Random): PasswordHasher;
  dispose?(hasher: PasswordHasher): Promise<void>;
}

// Small parameters keep the suite fast; core's own hasher test covers the spec defaults.
const FAST: Argon2idParameters = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * The behaviour every Argon2id `PasswordHasher` must show, written once and run against each
 * implementation (hash-wasm in-thread, the worker pool, the native hasher): the same PHC strings as
 * core's reference hasher for the same salt, hashes that verify across implementations both ways,
 * `false` (never an error) for anything that is not a matching Argon2id hash, and core's rehash policy.
 *
 * @example
 * import { describeArgon2idHasherContract } from '@gatehousejs/core/testing';
 * describeArgon2idHasherContract('native hasher', { create: (params, random) => createNativeArgon2idHasher(params, random) });
 */
export function describeArgon2idHasherContract(name: string, subject: Argon2idHasherSubject): void {
  describe(`${name} (Argon2id hasher contract)`, () => {
    const built: PasswordHasher[] = [];
    const create = (params: Argon2idParameters, random?: Random) => {
      const hasher = subject.create(params, random);
      built.push(hasher);
      return hasher;
    };
    const reference = createArgon2idHasher(FAST);
    const hasher = create(FAST);

    afterAll(async () => {
      if (subject.dispose) await Promise.all(built.map((h) => subject.dispose!(h)));
    });

    it('writes a PHC string with its parameters, a 16-byte salt and a 32-byte digest', async () => {
      const match = PHC.exec(await hasher.hash('correct horse battery staple'));
      expect(match).not.toBeNull();
      expect(match!.slice(1, 4)).toEqual(['1024', '1', '1']);
      expect(Buffer.from(match![4]!, 'base64')).toHaveLength(16);
      expect(Buffer.from(match![5]!, 'base64')).toHaveLength(32);
    });

    it('writes exactly the string core’s hasher writes for the same salt', async () => {
      const phc = await create(FAST, createSeededRandom(7)).hash('pässwörd-🔑');
      expect(phc).toBe(await createArgon2idHasher(FAST, createSeededRandom(7)).hash('pässwörd-🔑'));
    });

    it('verifies the right password and refuses a wrong one', async () => {
      const phc = await hasher.hash('correct horse battery staple');
      await expect(hasher.verify(phc, 'correct horse battery staple')).resolves.toBe(true);
      await expect(hasher.verify(phc, 'correct horse battery stapl')).resolves.toBe(false);
      await expect(hasher.verify(phc, '')).resolves.toBe(false);
    });

    it('verifies a hash made by core’s hasher, and core’s hasher verifies its hashes', async () => {
      const fromReference = await reference.hash('pässwörd-🔑-パスワード');
      const fromSubject = await hasher.hash('pässwörd-🔑-パスワード');
      await expect(hasher.verify(fromReference, 'pässwörd-🔑-パスワード')).resolves.toBe(true);
      await expect(reference.verify(fromSubject, 'pässwörd-🔑-パスワード')).resolves.toBe(true);
      await expect(hasher.verify(fromReference, 'passwörd-🔑-パスワード')).resolves.toBe(false);
      await expect(reference.verify(fromSubject, 'passwörd-🔑-パスワード')).resolves.toBe(false);
    });

    it('verifies hashes made with other parameters, read from the PHC string', async () => {
      const other = { memoryCost: 2048, timeCost: 2, parallelism: 2 };
      const fromReference = await createArgon2idHasher(other).hash('raised later');
      const fromSubject = await create(other).hash('raised later');
      expect(readArgon2idParameters(fromSubject)).toEqual(other);
      await expect(hasher.verify(fromReference, 'raised later')).resolves.toBe(true);
      await expect(reference.verify(fromSubject, 'raised later')).resolves.toBe(true);
    });

    it('salts every hash: two hashes of one password differ and both verify', async () => {
      const [a, b] = await Promise.all([hasher.hash('same password'), hasher.hash('same password')]);
      expect(a).not.toBe(b);
      await expect(hasher.verify(a, 'same password')).resolves.toBe(true);
      await expect(hasher.verify(b, 'same password')).resolves.toBe(true);
    });

    it('returns false for a well-formed hash whose digest was altered', async () => {
      const phc = await hasher.hash('correct horse battery staple');
      const at = phc.length - 10;
      const altered = phc.slice(0, at) + (phc[at] === 'A' ? 'B' : 'A') + phc.slice(at + 1);
      await expect(hasher.verify(altered, 'correct horse battery staple')).resolves.toBe(false);
    });

    it.each([
      '',
      'garbage',
      '$argon2id$v=19$m=1024,t=1,p=1$',
      '$argon2id$v=19$m=1024,t=1,p=1$!!!!$????',
      '$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
      '$argon2d$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
      '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    ])('returns false, not an error, for the non-hash %j', async (garbage) => {
      await expect(hasher.verify(garbage, 'correct horse battery staple')).resolves.toBe(false);
    });

    it('applies core’s rehash policy', async () => {
      const phc = await hasher.hash('pw-12345');
      expect(hasher.needsRehash(phc)).toBe(false);
      expect(create({ ...FAST, memoryCost: 2048 }).needsRehash(phc)).toBe(true);
      expect(create({ ...FAST, timeCost: 2 }).needsRehash(phc)).toBe(true);
      expect(hasher.needsRehash('$fake$v=1$cGFzc3dvcmQ=')).toBe(true);
    });
  });
}

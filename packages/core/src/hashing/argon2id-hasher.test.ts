import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../testing/seeded-random.js';
import { createArgon2idHasher } from './argon2id-hasher.js';
import { readArgon2idParameters } from './argon2id-phc.js';

// Small parameters keep these tests fast; one test below uses the spec defaults.
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

describe('Argon2id hasher', () => {
  const hasher = createArgon2idHasher(FAST);

  it('produces a PHC string carrying its parameters', async () => {
    const phc = await hasher.hash('correct horse battery staple');
    const match = PHC.exec(phc);
    expect(match, phc).not.toBeNull();
    expect(match!.slice(1, 4)).toEqual(['1024', '1', '1']);
    expect(Buffer.from(match![4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(match![5]!, 'base64')).toHaveLength(32);
    expect(readArgon2idParameters(phc)).toEqual(FAST);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const phc = await hasher.hash('correct horse battery staple');
    await expect(hasher.verify(phc, 'correct horse battery staple')).resolves.toBe(true);
    await expect(hasher.verify(phc, 'correct horse battery stapl')).resolves.toBe(false);
    await expect(hasher.verify(phc, 'Correct horse battery staple')).resolves.toBe(false);
    await expect(hasher.verify(phc, '')).resolves.toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const phc = await hasher.hash('pässwörd-🔑-パスワード');
    await expect(hasher.verify(phc, 'pässwörd-🔑-パスワード')).resolves.toBe(true);
    await expect(hasher.verify(phc, 'passwörd-🔑-パスワード')).resolves.toBe(false);
  });

  it.each([
    '',
    'garbage',
    'correct horse battery staple',
    '$argon2id$v=19$m=1024,t=1,p=1$',
    '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$',
    '$argon2id$v=19$m=1024,t=1,p=1$!!!!$????',
    '$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    '$fake$v=1$cGFzc3dvcmQ=',
  ])('returns false, not an error, for the non-hash %j', async (garbage) => {
    await expect(hasher.verify(garbage, 'correct horse battery staple')).resolves.toBe(false);
  });

  it('returns false for a well-formed hash whose digest was altered', async () => {
    const phc = await hasher.hash('correct horse battery staple');
    // Change a character in the middle of the digest (the last one also carries padding bits).
    const at = phc.length - 10;
    const altered = phc.slice(0, at) + (phc[at] === 'A' ? 'B' : 'A') + phc.slice(at + 1);
    expect(readArgon2idParameters(altered)).toEqual(FAST);
    await expect(hasher.verify(altered, 'correct horse battery staple')).resolves.toBe(false);
  });

  it('salts every hash: two hashes of one password differ and both verify', async () => {
    const [a, b] = await Promise.all([hasher.hash('same password'), hasher.hash('same password')]);
    expect(a).not.toBe(b);
    await expect(hasher.verify(a, 'same password')).resolves.toBe(true);
    await expect(hasher.verify(b, 'same password')).resolves.toBe(true);
  });

  it('takes its salt from the injected random source', async () => {
    const one = createArgon2idHasher(FAST, createSeededRandom(5));
    const two = createArgon2idHasher(FAST, createSeededRandom(5));
    expect(await one.hash('pw-12345')).toBe(await two.hash('pw-12345'));
  });

  it('verifies a hash made with other parameters (they are read from the PHC string)', async () => {
    const phc = await createArgon2idHasher({ memoryCost: 2048, timeCost: 2, parallelism: 2 }).hash('raised later');
    expect(readArgon2idParameters(phc)).toEqual({ memoryCost: 2048, timeCost: 2, parallelism: 2 });
    await expect(hasher.verify(phc, 'raised later')).resolves.toBe(true);
  });

  it('needs no rehash when the parameters are equal', async () => {
    const phc = await hasher.hash('pw-12345');
    expect(hasher.needsRehash(phc)).toBe(false);
    expect(createArgon2idHasher({ ...FAST }).needsRehash(phc)).toBe(false);
  });

  it.each([
    ['memoryCost', { ...FAST, memoryCost: 2048 }],
    ['timeCost', { ...FAST, timeCost: 2 }],
    ['parallelism', { ...FAST, parallelism: 2 }],
  ])('needs a rehash once %s was raised', async (_, raised) => {
    const phc = await hasher.hash('pw-12345');
    expect(createArgon2idHasher(raised).needsRehash(phc)).toBe(true);
  });

  it('does not rehash a hash that is stronger than the current parameters', async () => {
    const phc = await createArgon2idHasher({ memoryCost: 2048, timeCost: 2, parallelism: 1 }).hash('pw-12345');
    expect(hasher.needsRehash(phc)).toBe(false);
  });

  it('needs a rehash for anything that is not an Argon2id PHC string', () => {
    expect(hasher.needsRehash('$fake$v=1$cGFzc3dvcmQ=')).toBe(true);
    expect(hasher.needsRehash('')).toBe(true);
  });

  it('uses the spec defaults 19456/2/1 end to end', async () => {
    const defaults = createArgon2idHasher({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const phc = await defaults.hash('correct horse battery staple');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    await expect(defaults.verify(phc, 'correct horse battery staple')).resolves.toBe(true);
    await expect(defaults.verify(phc, 'wrong horse battery staple')).resolves.toBe(false);
    expect(defaults.needsRehash(phc)).toBe(false);
    expect(defaults.needsRehash(await hasher.hash('old'))).toBe(true);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../testing/seeded-random.js';
import { ONE_TIME_TOKEN_BYTES, createOneTimeToken, hashOneTimeToken } from './one-time-token.js';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('one-time tokens', () => {
  it('is 43 characters of base64url carrying 32 random bytes', async () => {
    const { token } = await createOneTimeToken(createSeededRandom(11));
    expect(ONE_TIME_TOKEN_BYTES).toBe(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('stores the lower-case hex SHA-256 of the token, never the token', async () => {
    const { token, tokenHash } = await createOneTimeToken(createSeededRandom(11));
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).toBe(sha256Hex(token));
    expect(tokenHash).not.toBe(token);
    expect(tokenHash).not.toContain(token);
  });

  it('hashes with SHA-256 (known vector)', async () => {
    expect(await hashOneTimeToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives a different token, and hash, each time', async () => {
    const random = createSeededRandom(11);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => createOneTimeToken(random)));
    expect(new Set(tokens.map((t) => t.token)).size).toBe(20);
    expect(new Set(tokens.map((t) => t.tokenHash)).size).toBe(20);
  });
});

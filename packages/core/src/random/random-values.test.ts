import { describe, expect, it } from 'vitest';
import type { Random } from '../ports/random.js';
import { createSeededRandom } from '../testing/seeded-random.js';
import { randomToken, randomUuid, toBase64Url, uniformInt } from './random-values.js';

/** A Random that hands out the given 32-bit words, big-endian, in order. */
function scriptedWords(...words: number[]): Random & { readonly draws: number } {
  let index = 0;
  return {
    get draws() {
      return index;
    },
    bytes(length) {
      expect(length).toBe(4);
      const word = words[index++];
      if (word === undefined) throw new Error('script exhausted');
      return new Uint8Array([word >>> 24, (word >>> 16) & 0xff, (word >>> 8) & 0xff, word & 0xff]);
    },
  };
}

describe('uniformInt', () => {
  it('stays within [0, max] and reaches both ends', () => {
    const random = createSeededRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = uniformInt(random, 9);
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(9);
      seen.add(value);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('returns 0 for max 0 without drawing', () => {
    const random = scriptedWords();
    expect(uniformInt(random, 0)).toBe(0);
    expect(random.draws).toBe(0);
  });

  it('maps the largest accepted 32-bit draw to max', () => {
    // range 3: limit = 2^32 - (2^32 % 3) = 4294967295; 4294967294 % 3 = 2
    expect(uniformInt(scriptedWords(0xffff_fffe), 2)).toBe(2);
    expect(uniformInt(scriptedWords(0), 2)).toBe(0);
  });

  it('rejects draws in the biased tail and draws again', () => {
    // For range 3 the draw 0xffffffff is at or above the limit, so it must be thrown away.
    const random = scriptedWords(0xffff_ffff, 4);
    expect(uniformInt(random, 2)).toBe(1);
    expect(random.draws).toBe(2);
  });

  it('accepts every draw when the range is a power of two', () => {
    const random = scriptedWords(0xffff_ffff);
    expect(uniformInt(random, 3)).toBe(3);
    expect(random.draws).toBe(1);
  });

  it('is roughly uniform (chi-square over a seeded source)', () => {
    const random = createSeededRandom(12345);
    const buckets = 7;
    const samples = 7000;
    const counts = new Array<number>(buckets).fill(0);
    for (let i = 0; i < samples; i++) counts[uniformInt(random, buckets - 1)]!++;
    const expected = samples / buckets;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // df = 6; the 0.1 % critical value is 22.46. The source is seeded, so this cannot flake.
    expect(chiSquare).toBeLessThan(22.46);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 0xffff_ffff, 2 ** 53])('throws a RangeError for max %d', (max) => {
    expect(() => uniformInt(createSeededRandom(), max)).toThrow(RangeError);
  });

  it('accepts the largest supported max', () => {
    expect(uniformInt(scriptedWords(0xffff_fffe), 0xffff_fffe)).toBe(0xffff_fffe);
  });
});

describe('randomUuid', () => {
  it('formats an RFC 9562 version 4 UUID', () => {
    const random = createSeededRandom(1);
    for (let i = 0; i < 50; i++) {
      expect(randomUuid(random)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('differs between draws', () => {
    const random = createSeededRandom(1);
    expect(randomUuid(random)).not.toBe(randomUuid(random));
  });
});

describe('base64url', () => {
  it('uses the URL-safe alphabet without padding', () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(toBase64Url(new Uint8Array([0x61]))).toBe('YQ');
    expect(toBase64Url(new Uint8Array([]))).toBe('');
  });

  it('gives 43 characters for 32 bytes', () => {
    expect(randomToken(createSeededRandom(3))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { readRawHeader } from './raw-header.js';

describe('readRawHeader', () => {
  it('finds a header whatever the case of its name', () => {
    expect(readRawHeader(['Host', 'x', 'AUTHORIZATION', 'Bearer a.b.c'], 'authorization')).toBe('Bearer a.b.c');
  });

  it('joins a repeated header with ", " as the Fetch API does', () => {
    expect(readRawHeader(['authorization', 'Bearer a', 'Accept', '*/*', 'Authorization', 'Bearer b'], 'authorization')).toBe(
      'Bearer a, Bearer b',
    );
  });

  it('keeps an empty value, and says undefined only when the header is absent', () => {
    expect(readRawHeader(['authorization', ''], 'authorization')).toBe('');
    expect(readRawHeader(['authorizations', 'x', 'author', 'y'], 'authorization')).toBeUndefined();
    expect(readRawHeader([], 'authorization')).toBeUndefined();
  });
});

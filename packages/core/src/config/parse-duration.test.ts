import { describe, expect, it } from 'vitest';
import { parseDurationSeconds } from './parse-duration.js';

describe('parseDurationSeconds', () => {
  it.each([
    ['30s', 30],
    ['15m', 900],
    ['1h', 3600],
    ['24h', 86_400],
    ['7d', 604_800],
    ['0', 0],
    ['0s', 0],
    ['3600', 3600],
    ['  42  ', 42],
    ['10 m', 600],
    ['007', 7],
  ])('parses %j as %i', (input, seconds) => {
    expect(parseDurationSeconds(input)).toBe(seconds);
  });

  it.each([
    [0, 0],
    [1, 1],
    [3600, 3600],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])('passes the number %d through', (input, seconds) => {
    expect(parseDurationSeconds(input)).toBe(seconds);
  });

  it.each(['', ' ', 'h', '1x', '1H', '1.5h', '-1', '-1s', '+5', '1h30m', 'ten', '1e3', '0x10', 's1', '1 hour'])(
    'refuses the string %j',
    (input) => {
      expect(parseDurationSeconds(input)).toBeUndefined();
    },
  );

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses the number %d', (input) => {
    expect(parseDurationSeconds(input)).toBeUndefined();
  });

  it('refuses a value whose seconds overflow a safe integer', () => {
    expect(parseDurationSeconds(`${Number.MAX_SAFE_INTEGER}d`)).toBeUndefined();
    expect(parseDurationSeconds('9'.repeat(30))).toBeUndefined();
  });
});

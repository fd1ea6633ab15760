import { describe, expect, it } from 'vitest';
import { ESTIMATED_LENGTH, estimatePasswordStrength } from './password-strength.js';

const INPUTS = ['ada@example.com', 'ada', 'example', 'gatehouse'];

/** Letters, digits and l33t symbols: the shape whose substitutions made zxcvbn take seconds. */
function symbolRich(length: number, seed: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$!|+(&#%*13457890$$@@!!';
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return alphabet[Math.floor((state / 2147483648) * alphabet.length)];
  }).join('');
}

describe('threat: a long crafted password blocks the event loop during the strength estimate', () => {
  it(`estimates only the first ${ESTIMATED_LENGTH} code points: what follows cannot make a guessable start acceptable`, () => {
    const guessableStart = 'password'.repeat(ESTIMATED_LENGTH / 8);
    expect(estimatePasswordStrength(guessableStart + symbolRich(80, 7), INPUTS).score).toBe(
      estimatePasswordStrength(guessableStart, INPUTS).score,
    );
    expect(estimatePasswordStrength(guessableStart, INPUTS).score).toBeLessThan(3);
  });

  it('cuts at code points, never inside a surrogate pair', () => {
    const emoji = '🔐'.repeat(ESTIMATED_LENGTH + 5);
    expect(() => estimatePasswordStrength(emoji, INPUTS)).not.toThrow();
    expect(estimatePasswordStrength(emoji, INPUTS).score).toBe(estimatePasswordStrength('🔐'.repeat(ESTIMATED_LENGTH), INPUTS).score);
  });

  it('takes well under a second for the 128-character symbol-rich passwords that took seconds unbounded', () => {
    estimatePasswordStrength('warm up the dictionaries', INPUTS);
    let slowest = 0;
    for (let seed = 1; seed <= 10; seed += 1) {
      const started = performance.now();
      estimatePasswordStrength(symbolRich(128, seed), INPUTS);
      slowest = Math.max(slowest, performance.now() - started);
    }
    // Measured on two cores at a load average of about 10: 100–250 ms bounded, 2–8 s unbounded.
    expect(slowest).toBeLessThan(1000);
  });
});

/**
 * Keyboard rows as typed on a US QWERTY layout, unshifted then shifted, with each row's offset
 * from the left edge in key widths: a key touches the keys beside it and the ones above and below
 * whose centres are less than one key apart.
 */
const ROWS: readonly (readonly [plain: string, shifted: string, offset: number])[] = [
  ['`1234567890-=', '~!@#$%^&*()_+', 0],
  ['qwertyuiop[]\\', 'QWERTYUIOP{}|', 1.5],
  ["asdfghjkl;'", 'ASDFGHJKL:"', 1.75],
  ['zxcvbnm,./', 'ZXCVBNM<>?', 2.25],
];
/** The numeric keypad: rows of equal offset, diagonals included. */
const KEYPAD: readonly string[] = ['/*-', '789+', '456', '123', '0.'];

type Key = { row: number; x: number; pad: boolean };

function keyPositions(): Map<string, Key[]> {
  const keys = new Map<string, Key[]>();
  const add = (char: string, key: Key) => keys.set(char, [...(keys.get(char) ?? []), key]);
  ROWS.forEach(([plain, shifted, offset], row) => {
    for (let i = 0; i < plain.length; i++) {
      add(plain[i]!, { row, x: i + offset, pad: false });
      add(shifted[i]!, { row, x: i + offset, pad: false });
    }
  });
  KEYPAD.forEach((keysOfRow, row) => {
    for (let i = 0; i < keysOfRow.length; i++) add(keysOfRow[i]!, { row, x: i, pad: true });
  });
  return keys;
}

/** Every ordered pair of keys that touch, as `ab`, built on first use. */
let adjacentPairs: Set<string> | undefined;

function touching(k: Key, l: Key): boolean {
  if (k.pad !== l.pad || Math.abs(k.row - l.row) > 1) return false;
  return Math.abs(k.x - l.x) <= (k.pad || k.row === l.row ? 1 : 0.8);
}

function buildAdjacentPairs(): Set<string> {
  const pairs = new Set<string>();
  const positions = [...keyPositions()];
  for (const [a, keysOfA] of positions) {
    for (const [b, keysOfB] of positions) {
      if (a !== b && keysOfA.some((k) => keysOfB.some((l) => touching(k, l)))) pairs.add(a + b);
    }
  }
  return pairs;
}

/** Whether `b` is the key beside, above or below `a` (on the main block or on the keypad). */
function adjacentKeys(a: string, b: string): boolean {
  adjacentPairs ??= buildAdjacentPairs();
  return adjacentPairs.has(a + b);
}

/** One step of something typed without thinking: the same key again, the next letter or digit, or the key beside. */
function linked(a: string, b: string): boolean {
  const step = (b.codePointAt(0) ?? 0) - (a.codePointAt(0) ?? 0);
  return step === 0 || step === 1 || step === -1 || adjacentKeys(a, b);
}

/** The smallest unit `text` repeats (`abab` → `ab`), or null when it is no repetition. */
export function repeatedUnit(text: string): string | null {
  const chars = Array.from(text);
  for (let size = 1; size <= chars.length / 2; size++) {
    if (chars.length % size !== 0) continue;
    const unit = chars.slice(0, size).join('');
    if (unit.repeat(chars.length / size) === text) return unit;
  }
  return null;
}

/**
 * Whether `text` is typed without choosing anything: at most two runs, each of at least three
 * characters, where every character follows the previous one as a repeat (`zzzz`), a sequence
 * (`abcd`, `4321`) or a keyboard walk (`qwerty`, `1qaz2wsx`, `asdfgh`). `text` is lower-cased.
 */
export function isPredictableRun(text: string): boolean {
  const chars = Array.from(text);
  if (chars.length < 3) return false;
  const runs: number[] = [1];
  for (let i = 1; i < chars.length; i++) {
    if (linked(chars[i - 1]!, chars[i]!)) runs[runs.length - 1] = runs[runs.length - 1]! + 1;
    else runs.push(1);
  }
  return runs.length <= 2 && runs.every((length) => length >= 3);
}

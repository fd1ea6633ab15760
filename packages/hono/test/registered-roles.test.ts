import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileAlone } from '../../../tools/compile-alone.js';

const fixture = fileURLToPath(new URL('../type-fixtures/registered-roles.ts', import.meta.url));

describe('the Register interface', () => {
  it("types guards without auth, c.get('user') and requireUser with the registered roles", { timeout: 180_000 }, () => {
    // The fixture's `@ts-expect-error` lines fail the compile if 'nope' were accepted, and its
    // `Equal<…> = true` lines if a type did not follow the registered set.
    expect(compileAlone(fixture)).toEqual([]);
  });
});

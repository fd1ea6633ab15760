import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileAlone } from '../../../tools/compile-alone.js';

const fixture = fileURLToPath(new URL('../type-fixtures/verifier-roles.ts', import.meta.url));

describe('typed roles with a JWKS verifier registered', () => {
  it("takes only the verifier's roles where a route names roles", { timeout: 180_000 }, () => {
    // The fixture's `@ts-expect-error` lines fail the compile if 'nope' were accepted, and its
    // `Equal<…> = true` lines if a type did not follow the verifier's role set.
    expect(compileAlone(fixture)).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('.', import.meta.url));
const runtimeFiles = readdirSync(folder).filter((name) => name.endsWith('.ts') && !/\.test(-helpers)?\.ts$/.test(name));

describe('the Hono adapter at runtime', () => {
  it('imports only hono and Gatehouse packages, nothing Node-only', () => {
    expect(runtimeFiles.length).toBeGreaterThan(5);
    for (const name of runtimeFiles) {
      const source = readFileSync(`${folder}/${name}`, 'utf8');
      const imports = [...source.matchAll(/^(?:import|export) [^;]*? from '([^']+)'/gm)].map((m) => m[1]!);
      for (const specifier of imports) {
        expect(specifier, `${name} imports ${specifier}`).toMatch(/^(\.\/|hono(\/|$)|@gatehousejs\/(core|http|http\/adapter)$)/);
      }
      expect(source, name).not.toMatch(/\b(Buffer|process|require)\b/);
    }
  });
});

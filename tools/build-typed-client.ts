import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Vitest global set-up: builds `@gatehousejs/client` and `@gatehousejs/core` once before any test
 * runs. Tests run from the TypeScript sources, but the example's demo page imports the client's
 * build (served at `/assets/client/`), so the pages' tests and the browser tests need it current,
 * and the hasher's pool workers, which Node starts outside Vitest, import core's password strength
 * estimate from its build. `tsc -b` is
 * incremental: well under a second when nothing changed. Once per run, not once per test file, so
 * no two builds write the same files while a server reads them.
 */
export default async function buildTypedClient(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  await promisify(execFile)(
    process.execPath,
    [`${root}node_modules/typescript/bin/tsc`, '-b', `${root}packages/client/tsconfig.json`, `${root}packages/core/tsconfig.json`],
    {
      timeout: 120_000,
    },
  );
}

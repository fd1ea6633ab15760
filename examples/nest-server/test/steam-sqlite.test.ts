import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSteamSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { afterAll } from 'vitest';
import { createNestListener } from './start-nest.js';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-steam-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// One database file for each server the suite starts.
let servers = 0;
describeSteamSignInSuite('Nest example (Express) on SQLite', (env, overrides) =>
  startForSuite(createNestListener, { ...env, DATABASE_URL: `sqlite:${join(folder, `steam-${++servers}.db`)}` }, overrides),
);

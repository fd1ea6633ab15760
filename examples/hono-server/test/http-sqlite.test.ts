import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeHttpSuite } from '@gatehouse/http/testing';
import { afterAll } from 'vitest';
import { createHonoListener } from './start-hono.js';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-http-hono-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let servers = 0;
// Each server of the suite gets its own SQLite file, created and migrated at start.
describeHttpSuite('Hono example on SQLite', (env) =>
  startForSuite(createHonoListener, { ...env, DATABASE_URL: `sqlite:${join(folder, `suite-${++servers}.db`)}` }),
);

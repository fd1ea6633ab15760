import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeHttpSuite } from '@gatehouse/http/testing';
import { afterAll } from 'vitest';
import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { createApp } from '../src/app.js';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-http-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let servers = 0;
// Each server of the suite gets its own SQLite file, created and migrated at start.
describeHttpSuite('Express example on SQLite', (env) =>
  startForSuite(createApp, { ...env, DATABASE_URL: `sqlite:${join(folder, `suite-${++servers}.db`)}` }),
);

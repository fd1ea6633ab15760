import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeSecuritySuite } from '@gatehouse/http/testing';
import { afterAll } from 'vitest';
import { createHonoListener } from './start-hono.js';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-security-hono-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let servers = 0;
describeSecuritySuite('Security of the Hono example on SQLite', (env) =>
  startForSuite(createHonoListener, { ...env, DATABASE_URL: `sqlite:${join(folder, `security-${++servers}.db`)}` }),
);

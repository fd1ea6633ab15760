import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeSecuritySuite } from '@gatehouse/http/testing';
import { afterAll } from 'vitest';
import { createApp } from '../src/app.js';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-security-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let servers = 0;
describeSecuritySuite('Security of the Express example on SQLite', (env) =>
  startForSuite(createApp, { ...env, DATABASE_URL: `sqlite:${join(folder, `security-${++servers}.db`)}` }),
);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSocialSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { afterAll } from 'vitest';
import { createApp } from '../src/app.js';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-social-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// One database file for each server the suite starts.
let servers = 0;
describeSocialSignInSuite('Express example on SQLite', (env, overrides) =>
  startForSuite(createApp, { ...env, DATABASE_URL: `sqlite:${join(folder, `social-${++servers}.db`)}` }, overrides),
);

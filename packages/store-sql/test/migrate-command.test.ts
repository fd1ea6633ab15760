import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrateCommand } from '../src/cli/run-migrate-command.js';

function captureIo(databaseUrl: string | undefined) {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { databaseUrl, log: (line: string) => out.push(line), error: (line: string) => err.push(line) }, out, err };
}

describe('gatehouse-migrate', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('migrates the database named by DATABASE_URL, then reports it up to date', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-'));
    dirs.push(dir);
    const url = `sqlite:${join(dir, 'data', 'gatehouse.db')}`;

    const first = captureIo(url);
    expect(await runMigrateCommand(first.io)).toBe(0);
    expect(first.out).toEqual([
      'Applied migration 0001-initial-schema (sqlite).',
      'Applied migration 0002-token-version-and-rate-limits (sqlite).',
    ]);

    const second = captureIo(url);
    expect(await runMigrateCommand(second.io)).toBe(0);
    expect(second.out).toEqual(['Gatehouse schema (sqlite) is already up to date.']);
  });

  it('exits with 2 and says what to set when DATABASE_URL is missing', async () => {
    const { io, err } = captureIo(undefined);

    expect(await runMigrateCommand(io)).toBe(2);
    expect(err.join('\n')).toMatch(/DATABASE_URL is not set/);
  });

  it('exits with 1 without printing the URL when the database cannot be reached', async () => {
    const { io, err } = captureIo('postgres://gatehouse:hunter2@127.0.0.1:1/none');

    expect(await runMigrateCommand(io)).toBe(1);
    expect(err.join('\n')).toMatch(/Gatehouse migration failed/);
    expect(err.join('\n')).not.toMatch(/hunter2/);
  });
});

import { existsSync, readFileSync, statSync } from 'node:fs';
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
      'Applied migration 0003-social-sign-in (sqlite).',
      'Applied migration 0004-account-security (sqlite).',
      'Applied migration 0005-second-factors (sqlite).',
      'Applied migration 0006-provider-tokens (sqlite).',
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

  it('prints its usage for --help and touches no database, even with DATABASE_URL set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-'));
    dirs.push(dir);
    const { io, out, err } = captureIo(`sqlite:${join(dir, 'data', 'gatehouse.db')}`);

    expect(await runMigrateCommand({ ...io, args: ['--help'] })).toBe(0);
    expect(out[0]).toBe('Usage: DATABASE_URL=<url> gatehouse-migrate');
    expect(err).toEqual([]);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('exits with 2 on an unknown argument and touches no database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-'));
    dirs.push(dir);
    const { io, err } = captureIo(`sqlite:${join(dir, 'data', 'gatehouse.db')}`);

    expect(await runMigrateCommand({ ...io, args: ['--dry-run'] })).toBe(2);
    expect(err[0]).toBe('Unknown argument "--dry-run".');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('is linked from a committed, published file, so installing needs no build first', () => {
    const packageDir = new URL('../', import.meta.url);
    const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
      bin: Record<string, string>;
      files: string[];
    };
    const bin = manifest.bin['gatehouse-migrate']!;
    expect(bin).toBe('./bin/gatehouse-migrate.js');
    expect(manifest.files).toContain('bin');
    const file = new URL(bin, packageDir);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(file).mode & 0o111).not.toBe(0);
    // It loads what src/cli/migrate.ts compiles to.
    expect(text).toContain("'../dist/cli/migrate.js'");
    expect(existsSync(new URL('src/cli/migrate.ts', packageDir))).toBe(true);
  });

  it('exits with 1 without printing the URL when the database cannot be reached', async () => {
    const { io, err } = captureIo('postgres://gatehouse:hunter2@127.0.0.1:1/none');

    expect(await runMigrateCommand(io)).toBe(1);
    expect(err.join('\n')).toMatch(/Gatehouse migration failed/);
    expect(err.join('\n')).not.toMatch(/hunter2/);
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlDatabase, parseDatabaseUrl } from '../src/index.js';

describe('parseDatabaseUrl', () => {
  it.each([
    ['sqlite:./data/gatehouse.db', './data/gatehouse.db'],
    ['sqlite:data/gatehouse.db', 'data/gatehouse.db'],
    ['sqlite:/var/lib/gatehouse/app.db', '/var/lib/gatehouse/app.db'],
    ['sqlite:///var/lib/gatehouse/app.db', '/var/lib/gatehouse/app.db'],
    ['sqlite://./app.db', './app.db'],
    ['sqlite::memory:', ':memory:'],
    ['SQLITE:./App.db', './App.db'],
  ])('reads %s as the SQLite file %s', (url, filename) => {
    expect(parseDatabaseUrl(url)).toEqual({ dialect: 'sqlite', filename });
  });

  it.each(['postgres://app:secret@db.internal:5432/app', 'postgresql://app@127.0.0.1/app?sslmode=require'])(
    'passes %s to PostgreSQL unchanged',
    (url) => {
      expect(parseDatabaseUrl(url)).toEqual({ dialect: 'postgres', connectionString: url });
    },
  );

  it('reads mysql:// and mariadb:// as MySQL, rewriting the scheme for mysql2', () => {
    expect(parseDatabaseUrl('mysql://root@127.0.0.1:3306/app')).toEqual({
      dialect: 'mysql',
      connectionString: 'mysql://root@127.0.0.1:3306/app',
    });
    expect(parseDatabaseUrl('mariadb://root:pw@db:3306/app')).toEqual({
      dialect: 'mysql',
      connectionString: 'mysql://root:pw@db:3306/app',
    });
  });

  it('refuses an unknown scheme, naming the scheme but not the rest of the URL', () => {
    expect(() => parseDatabaseUrl('redis://user:hunter2@cache:6379')).toThrow(/Unsupported database URL scheme "redis:"/);
    expect(() => parseDatabaseUrl('redis://user:hunter2@cache:6379')).not.toThrow(/hunter2/);
  });

  it('refuses a URL without a scheme and a sqlite: URL without a path', () => {
    expect(() => parseDatabaseUrl('/var/lib/app.db')).toThrow(/no scheme/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/names no file/);
  });
});

describe('openSqlDatabase', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('creates the parent directories of a relative SQLite path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-url-'));
    dirs.push(dir);
    const file = join(dir, 'a', 'b', 'gatehouse.db');

    const { db, dialect } = await openSqlDatabase(`sqlite:${relative(process.cwd(), file)}`);
    await db.destroy();
    expect(dialect).toBe('sqlite');
    expect(existsSync(file)).toBe(true);
  });

  it('opens an in-memory SQLite database without touching the disk', async () => {
    const { db, dialect } = await openSqlDatabase('sqlite::memory:');
    await db.destroy();
    expect(dialect).toBe('sqlite');
    expect(existsSync(':memory:')).toBe(false);
  });
});

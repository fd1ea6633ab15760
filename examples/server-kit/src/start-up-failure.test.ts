import { createServer as createTcpServer, type Server } from 'node:net';
import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, readServerSettings } from './env-config.js';
import type { Logger } from './logger.js';
import { startUpFailureMessage } from './main-entry.js';
import { openStore } from './open-store.js';
import { startServer } from './start-server.js';
import { connectionFailure } from './start-up-failure.js';

const SECRETS = { JWT_SECRET: 'x'.repeat(32), JWT_REFRESH_SECRET: 'y'.repeat(32) };
const emptyApp = (): RequestListener => (_request, response) => void response.end();

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const holders: Server[] = [];
afterEach(async () => {
  await Promise.all(holders.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A port another server holds until the test ends. */
async function busyPort(): Promise<number> {
  const holder = createTcpServer();
  holders.push(holder);
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return (holder.address() as { port: number }).port;
}

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (message: string, fields?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, info: record, warn: record, error: record };
}

/** Awaits a rejection and returns its one-line start-up message. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => expect.fail('expected start-up to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  const message = startUpFailureMessage(error);
  expect(message).toBeDefined();
  expect(message).not.toMatch(/\n/);
  return message!;
}

describe('start-up failures the operator can fix: one line naming the setting', () => {
  it('names DATABASE_URL and its accepted forms for an unknown scheme', async () => {
    const message = await failureOf(openStore('bogus://x', { migrate: true }));
    expect(message).toBe('cannot start: DATABASE_URL must be memory:, sqlite:<path>, postgres://… or mysql://… (see docs/stores.md).');
  });

  it('says the database of DATABASE_URL cannot be reached, with the reason and without the password', async () => {
    const port = await closedPort();
    const message = await failureOf(openStore(`postgres://postgres:s3cret-pw@127.0.0.1:${port}/test`, { migrate: true }));
    expect(message).toBe(`cannot start: cannot reach the database of DATABASE_URL (connect ECONNREFUSED 127.0.0.1:${port})`);
  });

  it('gives the innermost reason when the driver error is wrapped (MariaDB fails inside the migration)', async () => {
    const port = await closedPort();
    const message = await failureOf(openStore(`mysql://root:s3cret-pw@127.0.0.1:${port}/test`, { migrate: true }));
    expect(message).toBe(`cannot start: cannot reach the database of DATABASE_URL (connect ECONNREFUSED 127.0.0.1:${port})`);
  });

  it('masks the password of the URL should a driver message quote it', () => {
    const quoting = Object.assign(new Error('password "p@ss word" rejected'), { code: '28P01' });
    const error = connectionFailure('DATABASE_URL', 'postgres://app:p%40ss%20word@db/app', quoting);
    expect(error.message).toBe('cannot reach the database of DATABASE_URL (password "***" rejected)');
  });

  it('names PORT and HOST when the port is taken, and announces no mail viewer on it', async () => {
    const port = await busyPort();
    const log = recordingLogger();
    const settings = readServerSettings(
      { ...SECRETS, PORT: String(port), MAILHOG_SMTP_PORT: '0', DATABASE_URL: 'memory:' },
      { databaseFile: ':memory:' },
    );
    const message = await failureOf(startServer(settings, emptyApp, log));
    expect(message).toBe(`cannot start: PORT ${port} on 127.0.0.1 is already in use; stop the other server or choose another PORT.`);
    expect(log.lines.filter((line) => line.includes('mailhog'))).toEqual([]);
  });

  it('announces the mail viewer only after the HTTP server listens', async () => {
    const log = recordingLogger();
    const settings = readServerSettings(
      { ...SECRETS, PORT: '0', MAILHOG_SMTP_PORT: '0', DATABASE_URL: 'memory:' },
      { databaseFile: ':memory:' },
    );
    const running = await startServer(settings, emptyApp, log);
    try {
      const listening = log.lines.findIndex((line) => line.startsWith('gatehouse example server listening'));
      const viewer = log.lines.findIndex((line) => line.includes('/mailhog/'));
      expect(listening).toBeGreaterThanOrEqual(0);
      expect(viewer).toBeGreaterThan(listening);
    } finally {
      await running.close();
    }
  });

  it('names BOOTSTRAP_SUPER_PASSWORD in one sentence, without its value, when it is too weak for a super user', async () => {
    const settings = readServerSettings(
      {
        ...SECRETS,
        PORT: '0',
        MAILHOG_SMTP_PORT: '0',
        DATABASE_URL: 'memory:',
        BOOTSTRAP_SUPER_EMAIL: 'root@example.com',
        BOOTSTRAP_SUPER_PASSWORD: 'short',
      },
      { databaseFile: ':memory:' },
    );
    const message = await failureOf(startServer(settings, emptyApp, recordingLogger()));
    expect(message).toMatch(/^cannot start: Invalid BOOTSTRAP_SUPER_PASSWORD: [^.\n]+\.$/);
    expect(message).not.toContain('short');
  });

  it('leaves an unexpected error alone, so a bug keeps its stack', () => {
    expect(startUpFailureMessage(new TypeError('x is undefined'))).toBeUndefined();
  });
});

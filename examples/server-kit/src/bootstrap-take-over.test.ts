import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Auth } from '@gatehousejs/core';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerSettings } from './env-config.js';
import type { Logger } from './logger.js';
import { BOOTSTRAP_TAKE_OVER_LINE, startServer } from './start-server.js';

type Line = { level: 'info' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> };

function recordingLogger(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
}

const ADDRESS = 'boss@example.test';
const BOOTSTRAP_PASSWORD = 'operator chosen passphrase 42';

describe('threat: BOOTSTRAP_SUPER_EMAIL promotes an account someone registered first, unnoticed', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('says in one start-up line that the account existed and its sessions were revoked, and only when it did', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gatehouse-bootstrap-'));
    folders.push(folder);
    const env = {
      JWT_SECRET: 'x'.repeat(32),
      JWT_REFRESH_SECRET: 'y'.repeat(32),
      DATABASE_URL: `sqlite:${join(folder, 'auth.db')}`,
      PORT: '0',
      MAILHOG_SMTP_PORT: '0',
    };
    const start = async (extra: Record<string, string>, log: Logger) => {
      let auth: Auth | undefined;
      const running = await startServer(
        readServerSettings({ ...env, ...extra }, { databaseFile: ':memory:' }),
        (parts) => {
          auth = parts.auth;
          return (_req, res) => res.end();
        },
        log,
      );
      return { running, auth: auth! };
    };

    // Someone registers the address the operator will bootstrap later, and holds a session.
    const first = await start({}, recordingLogger());
    await first.auth.register({
      email: ADDRESS,
      username: 'squatter',
      password: 'squatter passphrase 77',
      confirmPassword: 'squatter passphrase 77',
      firstName: 'Sam',
      lastName: 'Quatter',
    });
    await first.running.close();

    const bootstrap = { BOOTSTRAP_SUPER_EMAIL: ADDRESS, BOOTSTRAP_SUPER_PASSWORD: BOOTSTRAP_PASSWORD };
    const takeOver = recordingLogger();
    const second = await start(bootstrap, takeOver);
    await second.running.close();
    const warned = takeOver.lines.filter((line) => line.message === BOOTSTRAP_TAKE_OVER_LINE);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 'warn', fields: { email: expect.not.stringContaining('boss@') } });
    expect(JSON.stringify(takeOver.lines)).not.toContain(BOOTSTRAP_PASSWORD);

    // A restart with the same settings finds the account as it left it: no take-over, no line.
    const restart = recordingLogger();
    const third = await start(bootstrap, restart);
    await third.running.close();
    expect(restart.lines.filter((line) => line.message === BOOTSTRAP_TAKE_OVER_LINE)).toEqual([]);
    expect(restart.lines.some((line) => line.message === 'bootstrap super user ready')).toBe(true);
  });
});

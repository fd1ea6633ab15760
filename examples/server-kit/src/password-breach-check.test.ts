import type { Auth } from '@gatehousejs/core';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerSettings } from './env-config.js';
import type { Logger } from './logger.js';
import { startServer, type RunningServer } from './start-server.js';
import { downApiUrl, startPwnedPasswordsStub, type PwnedPasswordsStub } from './testing/pwned-passwords-stub.js';

type Line = { level: string; message: string; fields?: Record<string, unknown> };
const BREACHED = 'correct horse battery';

function recordingLogger(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function start(extra: Record<string, string>, log: Logger): Promise<{ running: RunningServer; auth: Auth }> {
  let auth: Auth | undefined;
  const env = {
    JWT_SECRET: 'x'.repeat(32),
    JWT_REFRESH_SECRET: 'y'.repeat(32),
    DATABASE_URL: 'memory:',
    PORT: '0',
    MAILHOG_SMTP_PORT: '0',
  };
  const running = await startServer(
    readServerSettings({ ...env, ...extra }, { databaseFile: ':memory:' }),
    (parts) => {
      auth = parts.auth;
      return (_req, res) => res.end();
    },
    log,
  );
  opened.push(running);
  return { running, auth: auth! };
}

const body = (password: string) => ({
  email: 'grace@example.org',
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Hopper',
  password,
  confirmPassword: password,
});

describe('PASSWORD_BREACH_CHECK=hibp in the example server', () => {
  it('refuses a breached password at registration, asking PASSWORD_BREACH_API_URL for a prefix only', async () => {
    const stub: PwnedPasswordsStub = await startPwnedPasswordsStub({ [BREACHED]: 7 });
    opened.push(stub);
    const { auth } = await start({ PASSWORD_BREACH_CHECK: 'hibp', PASSWORD_BREACH_API_URL: stub.url }, recordingLogger());
    await expect(auth.register(body(BREACHED))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(stub.requests).toEqual([{ path: expect.stringMatching(/^\/range\/[0-9A-F]{5}$/), padding: true }]);
  });

  it('is off by default: the same password registers and no request is made', async () => {
    const stub = await startPwnedPasswordsStub({ [BREACHED]: 7 });
    opened.push(stub);
    const { auth } = await start({ PASSWORD_BREACH_API_URL: stub.url }, recordingLogger());
    await expect(auth.register(body(BREACHED))).resolves.toMatchObject({ user: { username: 'grace' } });
    expect(stub.requests).toEqual([]);
  });

  it('with the API down, registers the user and logs one error line that names the check, not the password', async () => {
    const log = recordingLogger();
    const { auth } = await start({ PASSWORD_BREACH_CHECK: 'hibp', PASSWORD_BREACH_API_URL: await downApiUrl() }, log);
    await expect(auth.register(body(BREACHED))).resolves.toMatchObject({ user: { username: 'grace' } });
    const failures = log.lines.filter((line) => line.fields?.operation === 'password-breach-check');
    expect(failures).toEqual([
      { level: 'error', message: 'background task failed', fields: expect.objectContaining({ operation: 'password-breach-check' }) },
    ]);
    expect(JSON.stringify(log.lines)).not.toContain(BREACHED);
  });
});

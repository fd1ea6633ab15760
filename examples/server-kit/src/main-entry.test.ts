import { createServer as createTcpServer } from 'node:net';
import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runFromEnvironment } from './main-entry.js';

const emptyApp = (): RequestListener => (_request, response) => void response.end();

/** Runs the entry point with `env` over a clean environment; returns what it printed to stderr and the exit code. */
async function run(env: Record<string, string>): Promise<{ errors: string[]; exitCode: number | undefined }> {
  const neutral = { DATABASE_URL: '', PORT: '', HOST: '', SMTP_HOST: '', REDIS_URL: '', RATE_LIMIT_STORE: '', NODE_ENV: '' };
  for (const [name, value] of Object.entries({ ...neutral, MAILHOG_SMTP_PORT: '0', ...env })) vi.stubEnv(name, value);
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  let exitCode: number | undefined;
  vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    exitCode = code;
  }) as typeof process.exit);
  await runFromEnvironment(emptyApp, { databaseFile: ':memory:' });
  return { errors, exitCode };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('runFromEnvironment: a start-up failure is one line and exit code 1', () => {
  it('prints "cannot start: DATABASE_URL …" for an unknown scheme, without a stack', async () => {
    const { errors, exitCode } = await run({ DATABASE_URL: 'bogus://x' });
    expect(exitCode).toBe(1);
    expect(errors).toHaveLength(1);
    const printed = JSON.parse(errors[0]!) as Record<string, unknown>;
    expect(printed).toMatchObject({
      level: 'error',
      message: 'cannot start: DATABASE_URL must be memory:, sqlite:<path>, postgres://… or mysql://… (see docs/stores.md).',
    });
    expect(printed).not.toHaveProperty('stack');
  });

  it('prints "cannot start: PORT … is already in use" when the port is taken', async () => {
    const holder = createTcpServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const { errors, exitCode } = await run({ DATABASE_URL: 'memory:', PORT: String(port) });
      expect(exitCode).toBe(1);
      expect(errors.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual([
        `cannot start: PORT ${port} on 127.0.0.1 is already in use; stop the other server or choose another PORT.`,
      ]);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('prints "cannot start: JWT_REFRESH_SECRET must differ from JWT_SECRET" for equal secrets', async () => {
    const secret = 'z'.repeat(40);
    const { errors, exitCode } = await run({ JWT_SECRET: secret, JWT_REFRESH_SECRET: secret });
    expect(exitCode).toBe(1);
    expect(errors.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual([
      'cannot start: Invalid configuration: JWT_REFRESH_SECRET must differ from JWT_SECRET.',
    ]);
  });
});

import type { RequestListener } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerSettings } from './env-config.js';
import { silentLogger } from './logger.js';
import { startUpFailureMessage } from './main-entry.js';
import { startServer } from './start-server.js';
import {
  canStartPrivateServices,
  freePort,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './testing/private-services.js';

const emptyApp = (): RequestListener => (_request, response) => void response.end();
const BASE = {
  JWT_SECRET: 'x'.repeat(32),
  JWT_REFRESH_SECRET: 'y'.repeat(32),
  PORT: '0',
  MAILHOG_SMTP_PORT: '0',
  DATABASE_CONNECT_TIMEOUT: '1s',
  REDIS_CONNECT_TIMEOUT: '1s',
};

/** Starts with `env`, expects a failure, and returns its one line and how long it took. */
async function failedStart(env: Record<string, string>): Promise<{ line: string | undefined; ms: number }> {
  const started = Date.now();
  const error = await startServer(readServerSettings({ ...BASE, ...env }, { databaseFile: ':memory:' }), emptyApp, silentLogger).then(
    async (running) => {
      await running.close();
      return expect.fail('expected start-up to fail');
    },
    (e: unknown) => e,
  );
  return { line: startUpFailureMessage(error), ms: Date.now() - started };
}

describe('start-up against a database that does not answer fails with one line within the connect timeout', () => {
  it('an unreachable PostgreSQL (nothing listens)', async () => {
    const port = await freePort();
    const { line, ms } = await failedStart({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
    expect(line).toBe(`cannot start: cannot reach the database of DATABASE_URL (connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(ms).toBeLessThan(3_000);
  });

  describe.skipIf(!canStartPrivateServices())('frozen private servers (SIGSTOP)', () => {
    let postgres: PrivatePostgres;
    let redis: PrivateRedis;
    beforeAll(async () => {
      [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
      postgres.freeze();
      redis.freeze();
    }, 90_000);
    afterAll(async () => {
      await Promise.all([postgres?.destroy(), redis?.destroy()]);
    }, 60_000);

    it('a frozen PostgreSQL', async () => {
      const { line, ms } = await failedStart({ DATABASE_URL: postgres.url });
      expect(line).toMatch(/^cannot start: cannot reach the database of DATABASE_URL \(.+\)$/);
      expect(line).not.toContain('\n');
      expect(ms).toBeLessThan(3_500);
    });

    it('a frozen Redis', async () => {
      const { line, ms } = await failedStart({ DATABASE_URL: 'memory:', REDIS_URL: redis.url, RATE_LIMIT_STORE: 'redis' });
      expect(line).toBe('cannot start: cannot reach the Redis server of REDIS_URL (the Redis server did not answer within 1000 ms)');
      expect(ms).toBeLessThan(3_500);
    });
  });
});

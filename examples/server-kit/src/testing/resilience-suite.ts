import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerSettings } from '../env-config.js';
import type { Logger } from '../logger.js';
import { startServer, type CreateListener, type RunningServer } from '../start-server.js';
import {
  canStartPrivateServices,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './private-services.js';

const unavailable = (code: 'DATABASE_UNAVAILABLE' | 'RATE_LIMITER_UNAVAILABLE') => ({
  statusCode: 503,
  message: 'A service this request needs is unavailable. Please try again shortly.',
  error: 'Service Unavailable',
  code,
});

/** Log lines as `level message {fields}`, to check what an outage writes. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, info: () => {}, warn: at('warn'), error: at('error') };
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const started = Date.now();
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    ms: Date.now() - started,
  };
}

/** Polls `check` until it holds or `ms` passed; returns whether it held. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const PASSWORD = 'correct horse battery staple';

/**
 * What an example server does when its dependencies fail, proved on real parts: a PostgreSQL and a
 * Redis of the suite's own (never the machine's shared ones), stopped, frozen and started again
 * under a running server. Each example runs it with its own app.
 */
export function describeResilience(adapter: string, createListener: CreateListener): void {
  describe.skipIf(!canStartPrivateServices())(`${adapter}: a dependency that fails (private PostgreSQL and Redis)`, () => {
    let postgres: PrivatePostgres;
    let redis: PrivateRedis;
    let running: RunningServer;
    let base: string;
    const log = recordingLogger();
    let accessToken: string;

    beforeAll(async () => {
      [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
      const settings = readServerSettings(
        {
          JWT_SECRET: 'x'.repeat(32),
          JWT_REFRESH_SECRET: 'y'.repeat(32),
          PORT: '0',
          DATABASE_URL: postgres.url,
          REDIS_URL: redis.url,
          RATE_LIMIT_STORE: 'redis',
          MAILHOG_SMTP_PORT: '0',
          ARGON2_MEMORY_COST: '1024',
          ARGON2_TIME_COST: '1',
          DATABASE_CONNECT_TIMEOUT: '1s',
          DATABASE_QUERY_TIMEOUT: '1s',
          REDIS_COMMAND_TIMEOUT: '500ms',
          READINESS_TIMEOUT: '500ms',
          RATE_LIMIT_AUTH_REQUESTS: '10000/1m',
        },
        { databaseFile: ':memory:' },
      );
      running = await startServer(settings, createListener, log);
      base = running.url;
      const registered = await call(base, 'POST', '/api/v1/auth/register', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(registered.status).toBe(201);
      accessToken = (registered.json as { accessToken: string }).accessToken;
    }, 90_000);

    afterAll(async () => {
      await running?.close();
      await Promise.all([postgres?.destroy(), redis?.destroy()]);
    }, 60_000);

    const login = () => call(base, 'POST', '/api/v1/auth/login', { email: 'ada@example.com', password: PASSWORD });
    const ready = () => call(base, 'GET', '/api/v1/health/ready');

    it('says ready while the database and Redis answer', async () => {
      const res = await ready();
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', hasher: 'ok' } });
    });

    it('answers 503 with Retry-After while PostgreSQL is stopped, stays alive, and serves again once it is back', async () => {
      await postgres.stop();
      try {
        const refused = await login();
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(refused.json).toEqual(unavailable('DATABASE_UNAVAILABLE'));
        // Liveness and the stateless token check need no database.
        expect((await call(base, 'GET', '/api/v1/health')).status).toBe(200);
        expect((await call(base, 'POST', '/api/v1/auth/verify-token', undefined, accessToken)).status).toBe(200);
        // An answer is reused for a second, so a balancer's probes cost the database nothing.
        expect(await eventually(async () => (await ready()).status === 503, 3_000)).toBe(true);
        const readiness = await ready();
        expect(readiness.headers.get('retry-after')).toBe('5');
        expect(readiness.json).toEqual({ status: 'unavailable', checks: { database: 'unavailable', redis: 'ok', hasher: 'ok' } });
        // One line naming the dependency, no stack.
        const outage = log.lines.filter((line) => line.startsWith('warn database unavailable'));
        expect(outage.length).toBeGreaterThan(0);
        expect(log.lines.some((line) => line.includes('"stack"'))).toBe(false);
      } finally {
        await postgres.start();
      }
      expect(await eventually(async () => (await login()).status === 200, 5_000)).toBe(true);
      expect(await eventually(async () => (await ready()).status === 200, 3_000)).toBe(true);
    }, 60_000);

    it('answers 503 within the query timeout while PostgreSQL is frozen, not when it thaws', async () => {
      postgres.freeze();
      try {
        const refused = await login();
        expect(refused.status).toBe(503);
        expect(refused.json).toEqual(unavailable('DATABASE_UNAVAILABLE'));
        expect(refused.ms).toBeLessThan(4_000);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const readiness = await ready();
        expect(readiness.status).toBe(503);
        expect(readiness.ms).toBeLessThan(2_000);
      } finally {
        postgres.thaw();
      }
      expect(await eventually(async () => (await login()).status === 200, 5_000)).toBe(true);
    }, 60_000);

    it('answers 503 at once while Redis is stopped, keeps the routes that need no Redis, and counts again once it is back', async () => {
      await redis.stop();
      try {
        const refused = await login();
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(refused.json).toEqual(unavailable('RATE_LIMITER_UNAVAILABLE'));
        expect(refused.ms).toBeLessThan(1_000);
        expect((await call(base, 'POST', '/api/v1/auth/verify-token', undefined, accessToken)).status).toBe(200);
        expect(await eventually(async () => (await ready()).status === 503, 3_000)).toBe(true);
        expect((await ready()).json).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'unavailable', hasher: 'ok' } });
      } finally {
        await redis.start();
      }
      expect(await eventually(async () => (await login()).status === 200, 5_000)).toBe(true);
    }, 60_000);

    it('answers 503 within the command timeout while Redis is frozen', async () => {
      redis.freeze();
      try {
        const refused = await login();
        expect(refused.status).toBe(503);
        expect(refused.ms).toBeLessThan(2_000);
      } finally {
        redis.thaw();
      }
      expect(await eventually(async () => (await login()).status === 200, 5_000)).toBe(true);
    }, 60_000);
  });
}

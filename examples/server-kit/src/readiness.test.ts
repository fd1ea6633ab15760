import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness.js';

const never = () => new Promise<never>(() => {});

describe('createReadiness', () => {
  it('answers 200 ready when every configured dependency answers', async () => {
    const readiness = createReadiness([{ name: 'database', ping: async () => 1 }], 200);
    expect(await readiness.check()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok' } },
      headers: { 'Cache-Control': 'no-store' },
    });
  });

  it('answers 503 naming the dependency that failed or did not answer in time, with Retry-After', async () => {
    const readiness = createReadiness(
      [
        { name: 'database', ping: never },
        { name: 'redis', ping: async () => 'PONG' },
      ],
      50,
    );
    const started = Date.now();
    const answer = await readiness.check();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(answer).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'unavailable', redis: 'ok' } },
      headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' },
    });
  });

  it('checks nothing and answers ready when nothing is configured (the in-memory store)', async () => {
    expect((await createReadiness([], 50).check()).body).toEqual({ status: 'ready', checks: {} });
  });

  it('runs one round of checks for concurrent probes and reuses an answer for a second', async () => {
    let pings = 0;
    let now = 0;
    const readiness = createReadiness([{ name: 'database', ping: async () => void pings++ }], 200, () => now);
    await Promise.all([readiness.check(), readiness.check(), readiness.check()]);
    expect(pings).toBe(1);
    now = 999;
    await readiness.check();
    expect(pings).toBe(1);
    now = 1_000;
    await readiness.check();
    expect(pings).toBe(2);
  });

  it('answers 503 stopping once the server shuts down', async () => {
    const readiness = createReadiness([{ name: 'database', ping: async () => 1 }], 200);
    readiness.stop();
    expect(await readiness.check()).toMatchObject({ status: 503, body: { status: 'stopping', checks: { database: 'ok' } } });
  });
});

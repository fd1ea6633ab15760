import { createTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { createKernel } from '../kernel/create-kernel.js';
import { memoryExchange } from '../kernel/memory-exchange.js';
import { routeTable } from '../kernel/route-table.js';
import { USER_ROUTES } from './user-routes.js';

/** The user table as every adapter mounts it, over a store whose database answers as `ping` says. */
function serving(ping: () => Promise<unknown>) {
  const auth = createTestAuth(Object.assign(createMemoryStore(), { ping }));
  const kernel = createKernel(auth);
  const table = routeTable(USER_ROUTES);
  const probe = () => kernel.dispatch(table, memoryExchange({ target: '/health/ready' }))!;
  return { auth, probe };
}

describe('GET /api/v1/health/ready (the head of USER_ROUTES)', () => {
  it('answers 200 ready without a token, never cached', async () => {
    const answer = await serving(async () => 1).probe();
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(JSON.parse(answer.body!)).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('answers 503 with Retry-After naming the database when it does not answer', async () => {
    const answer = await serving(() => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432'))).probe();
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe('5');
    // Names and states only: no address, no error text.
    expect(answer.body).toBe(JSON.stringify({ status: 'unavailable', checks: { database: 'unavailable' } }));
  });

  it('answers 503 stopping once the auth shuts down', async () => {
    const { auth, probe } = serving(async () => 1);
    let during: Awaited<ReturnType<typeof probe>> | undefined;
    await auth.shutdown(async () => {
      during = await probe();
    });
    expect(during?.status).toBe(503);
    expect(JSON.parse(during!.body!)).toEqual({ status: 'stopping', checks: { database: 'ok' } });
  });
});

import { SUITE_SECRETS, type ServerUnderTest } from '@gatehousejs/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListener } from '../start-server.js';
import { startForSuite } from './start-for-suite.js';

const OWNER = { email: 'owner@example.com', password: 'the owner passphrase' };

/** Starts the example with two failed logins allowed per account and client, and `proxy` as its proxy setting. */
function useExample(createListener: CreateListener, proxy: Record<string, string>) {
  const state: { server?: ServerUnderTest } = {};
  beforeAll(async () => {
    state.server = await startForSuite(createListener, {
      ...SUITE_SECRETS,
      ARGON2_MEMORY_COST: '1024',
      ARGON2_TIME_COST: '1',
      RATE_LIMIT_LOGIN_FAILURES: '2/15m',
      BOOTSTRAP_SUPER_EMAIL: OWNER.email,
      BOOTSTRAP_SUPER_PASSWORD: OWNER.password,
      ...proxy,
    });
  });
  afterAll(async () => {
    await state.server?.close();
  });
  /** A login as sent through a proxy that appended `client` to X-Forwarded-For (all from loopback here). */
  return (password: string, client: string) =>
    state.server!.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ email: OWNER.email, password }),
    });
}

/**
 * The proxy setting of CONTRACT §8 reaching the adapter over real HTTP (loopback, X-Forwarded-For
 * written by the test as a proxy would): with `TRUST_PROXY_HOPS` alone or `TRUST_PROXY` naming the
 * proxy, each forwarded client has its own login lockout, so a guesser cannot lock the owner out
 * from another address; with neither, the header is ignored (a client cannot pick its bucket).
 *
 * @example
 * describeProxySetting('Express example', createApp);
 */
export function describeProxySetting(name: string, createListener: CreateListener): void {
  describe(`${name}: the proxy setting`, () => {
    for (const [label, proxy] of [
      ['TRUST_PROXY_HOPS=1 alone', { TRUST_PROXY_HOPS: '1' }],
      ['TRUST_PROXY=127.0.0.1', { TRUST_PROXY: '127.0.0.1' }],
    ] as const) {
      describe(label, () => {
        const login = useExample(createListener, proxy);
        it('keeps one lockout per forwarded client: a guesser locks only itself out', async () => {
          for (let i = 0; i < 2; i++) expect((await login('a wrong guess!', '203.0.113.9')).status).toBe(401);
          expect((await login(OWNER.password, '203.0.113.9')).status).toBe(429);
          expect((await login(OWNER.password, '198.51.100.7')).status).toBe(200);
        });
      });
    }

    describe('neither setting', () => {
      const login = useExample(createListener, {});
      it('ignores X-Forwarded-For: a client cannot choose its own bucket by writing the header', async () => {
        for (let i = 0; i < 2; i++) expect((await login('a wrong guess!', `203.0.113.${i + 1}`)).status).toBe(401);
        expect((await login(OWNER.password, '198.51.100.7')).status).toBe(429);
      });
    });
  });
}

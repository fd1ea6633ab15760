import type { FakeClock } from '@gatehousejs/core/testing';
import { describe, expect, it } from 'vitest';
import { errorBody, type AdapterCall } from './adapter-suite-client.js';

interface HelperCaseContext {
  call: AdapterCall;
  /** Access tokens of users holding `user`, `manager`, and both. */
  tokens: Partial<Record<string, string>>;
  clock: FakeClock;
}

/** The cases of the guard helpers (`HELPER_PROBES`), for an adapter that says `guardHelpers: true`. */
export function describeGuardHelperCases({ call, tokens, clock }: HelperCaseContext): void {
  const get = (path: string, token?: string) => call('GET', path, { token });

  describe('guard helpers', () => {
    it('requireUser answers 401 TOKEN_MISSING, never 500, on a route where no guard verified a user', async () => {
      expect((await get('/probe/who', tokens.user)).body).toEqual(errorBody(401, 'Unauthorized', 'TOKEN_MISSING'));
    });

    it('roles() outside the guard, given no auth, answers 401, never 500', async () => {
      expect((await get('/plain/roles')).status).toBe(401);
      expect((await get('/plain/roles', tokens.manager)).body).toEqual(errorBody(401, 'Unauthorized', 'TOKEN_MISSING'));
    });

    it('roles(auth, …) authenticates itself: 401 without a valid token, 403 without the role, 200 with it', async () => {
      expect((await get('/plain/roles-auth')).status).toBe(401);
      expect((await get('/plain/roles-auth', 'not.a.token')).status).toBe(401);
      expect((await get('/plain/roles-auth', tokens.user)).status).toBe(403);
      const ok = await get('/plain/roles-auth', tokens.manager);
      expect(ok.status).toBe(200);
      expect(ok.body?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await get('/plain/all-roles-auth', tokens.manager)).status).toBe(403);
      expect((await get('/plain/all-roles-auth', tokens.managerUser)).status).toBe(200);
    });

    it('roles() uses the user authenticate() verified before it', async () => {
      expect((await get('/plain/authenticated', tokens.manager)).status).toBe(200);
      expect((await get('/plain/authenticated', tokens.user)).status).toBe(403);
      expect((await get('/plain/authenticated')).status).toBe(401);
    });

    it('never takes a user that something else put on the request for a verified one', async () => {
      expect((await get('/plain/foreign-user')).body).toEqual(errorBody(401, 'Unauthorized', 'TOKEN_MISSING'));
    });

    // Last: it moves the suite's clock past the recent-authentication window.
    it('recentAuth admits a session authenticated within the age, and answers 403 REAUTHENTICATION_REQUIRED after it', async () => {
      expect(await call('POST', '/probe/recent', { token: tokens.user })).toMatchObject({ status: 200, body: { ok: true } });
      clock.advance(301);
      const refused = await call('POST', '/probe/recent', { token: tokens.user });
      expect(refused.body).toEqual(errorBody(403, 'Forbidden', 'REAUTHENTICATION_REQUIRED'));
      expect((await call('POST', '/probe/recent')).status).toBe(401);
    });
  });
}

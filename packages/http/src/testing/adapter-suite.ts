import type { Auth, Role } from '@gatehousejs/core';
import type { AuthStore } from '@gatehousejs/core/ports';
import { createFakeClock } from '@gatehousejs/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeGuardHelperCases } from './adapter-helper-cases.js';
import { describeOwnRoleCases } from './adapter-role-cases.js';
import { adapterClient, errorBody as error, JSON_TYPE, suiteAuth } from './adapter-suite-client.js';
import type { AccessVerifier } from '../kernel/admission.js';
import { describeResourceGuard } from './resource-guard-cases.js';

/** An app under test, driven in-process (`fetch`), or over loopback by a `fetch` that calls it. */
export interface AdapterApp {
  fetch(request: Request): Promise<Response>;
  close?(): Promise<void>;
}

/**
 * What an adapter gives the adapter suite: a store, and an app built around the suite's `auth`
 * with the adapter's own idioms. The app mounts the library's auth routes at `/api/v1/auth`, its
 * user routes at `/api/v1`, the adapter's JSON 404 and error handler, and on the adapter's
 * deny-by-default router at `/probe` these routes (see `ADAPTER_PROBES`):
 *
 * - `GET /probe/open`, public: `{ open: true }`
 * - `GET /probe/closed`, no annotation: `{ id }` of the verified user
 * - `POST /probe/echo`, no annotation: `{ body }` as the body rules left it (`null` when none)
 * - `GET /probe/either`, any of `manager`, `admin`: `{ ok: true }`
 * - `GET /probe/both`, all of `manager`, `user`: `{ ok: true }`
 * - `GET /probe/odd`, public and `roles('admin')` together: `{ odd: true }` (fail closed)
 *
 * An adapter that exports the guard helpers of `routeGuards` (`requireUser`, `recentAuth`,
 * `authenticate`, and `roles(auth, …)` for routes outside its guard) says `guardHelpers: true` and
 * declares these as well (see `HELPER_PROBES`):
 *
 * - `GET /probe/who`, public, answering `{ id }` of `requireUser`: 401, never 500
 * - `POST /probe/recent`, `recentAuth(auth, 300)`: `{ ok: true }`
 * - on a plain router (no guard) at `/plain`: `GET /plain/roles` with `roles('admin')`,
 *   `GET /plain/roles-auth` with `roles(auth, 'manager')` answering `{ id }` of the user,
 *   `GET /plain/all-roles-auth` with `allRoles(auth, 'manager', 'user')`, `GET /plain/authenticated`
 *   with `authenticate(auth)` then `roles('manager')`, and `GET /plain/foreign-user`, where a
 *   middleware first puts a user with the `admin` role on the request the framework's way
 *   (`req.user = …`, `c.set('user', …)`), then `roles('admin')`; each answering `{ ok: true }`.
 *
 * `createResourceApp` builds the same probes on the adapter's guard given a JWKS verifier instead
 * of an `Auth` (a resource service: no store, no library routes, the JSON 404 and error handler).
 */
export interface AdapterSuiteTarget {
  openStore(): AuthStore;
  /** Called once for the spec's roles, and once more for an app with roles of its own and a hierarchy. */
  createApp(auth: Auth<string>): AdapterApp | Promise<AdapterApp>;
  /** The adapter exports the guard helpers and declares `HELPER_PROBES`. */
  guardHelpers?: boolean;
  /** The same probes on the adapter's guard built from a JWKS verifier (a resource service). */
  createResourceApp(verifier: AccessVerifier): AdapterApp | Promise<AdapterApp>;
}

/** The probe routes an `AdapterSuiteTarget` declares, for reference in its own code. */
export const ADAPTER_PROBES = Object.freeze(['/probe/open', '/probe/closed', '/probe/echo', '/probe/either', '/probe/both', '/probe/odd']);

/** The probe routes of an adapter that says `guardHelpers: true`. */
export const HELPER_PROBES = Object.freeze([
  '/probe/who',
  '/probe/recent',
  '/plain/roles',
  '/plain/roles-auth',
  '/plain/all-roles-auth',
  '/plain/authenticated',
  '/plain/foreign-user',
]);

/**
 * The guard, role and body cases every adapter must answer alike, written once (as Lucia's
 * `testAdapter(adapter)`): each adapter runs it in-process on its own app, and a third party can
 * run it against its own adapter. The library's full HTTP behaviour is `describeHttpSuite`'s. The
 * same guard built from a JWKS verifier (a resource service) is checked against an issuer serving
 * its key set on loopback: forgeries refused, 503 with `Retry-After` when a key cannot be fetched.
 *
 * @example
 * describeAdapterSuite('Express', {
 *   openStore: () => createMemoryStore(),
 *   createApp: (auth) => loopback(myExpressApp(auth)),
 *   createResourceApp: (verifier) => loopback(myExpressProbes(verifier)),
 * });
 */
export function describeAdapterSuite(name: string, target: AdapterSuiteTarget): void {
  describe(`${name}: the adapter suite`, () => {
    let auth: Auth<string>;
    let app: AdapterApp;
    const clock = createFakeClock(new Date());
    const tokens: Partial<Record<string, string>> = {};

    beforeAll(async () => {
      auth = suiteAuth(target.openStore(), clock);
      app = await target.createApp(auth);
      const root = await auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
      for (const [label, roles] of [
        ['user', ['user']],
        ['manager', ['manager']],
        ['managerUser', ['manager', 'user']],
      ] as [string, Role[]][]) {
        const input = {
          firstName: 'A',
          lastName: 'B',
          username: `probe-${label}`,
          email: `${label}@example.com`,
          password: 'correct horse battery',
        };
        const { user } = await auth.register({ ...input, confirmPassword: input.password });
        await auth.setRoles(root, user.id, { roles });
        tokens[label] = (await auth.login({ email: input.email, password: input.password })).accessToken;
      }
    });
    afterAll(async () => {
      await app?.close?.();
    });

    const call = adapterClient(() => app);
    const post = (body: string, contentType: string | undefined, as: 'user' | 'anonymous' = 'user') =>
      call('POST', '/probe/echo', {
        token: as === 'user' ? tokens.user : undefined,
        body,
        headers: contentType ? [['content-type', contentType]] : [],
      });

    it('lets anyone reach a public route', async () => {
      expect(await call('GET', '/probe/open')).toMatchObject({ status: 200, body: { open: true } });
    });

    it('denies by default: a route without annotation answers 401 TOKEN_MISSING with WWW-Authenticate', async () => {
      const res = await call('GET', '/probe/closed');
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(res.body).toEqual(error(401, 'Unauthorized', 'TOKEN_MISSING'));
    });

    it('admits a valid token and gives the route the verified user', async () => {
      const res = await call('GET', '/probe/closed', { token: tokens.user });
      expect(res.status).toBe(200);
      expect(res.body?.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses a tampered token (TOKEN_INVALID) and another scheme (AUTHORIZATION_MALFORMED)', async () => {
      const [h, p] = tokens.user!.split('.');
      expect((await call('GET', '/probe/closed', { token: `${h}.${p}.AAAA` })).body).toEqual(error(401, 'Unauthorized', 'TOKEN_INVALID'));
      // RFC 6750 §3.1: a token that is malformed in itself is `invalid_token`, not a malformed header.
      expect((await call('GET', '/probe/closed', { token: `${h}.${p}!.AAAA` })).body).toEqual(error(401, 'Unauthorized', 'TOKEN_INVALID'));
      const basic = await call('GET', '/probe/closed', { headers: [['authorization', 'Basic dTpw']] });
      expect(basic.body).toEqual(error(401, 'Unauthorized', 'AUTHORIZATION_MALFORMED'));
    });

    it('refuses two Authorization headers, as the Fetch API joins them into one value', async () => {
      const twice = await call('GET', '/probe/closed', {
        headers: [
          ['authorization', `Bearer ${tokens.user}`],
          ['authorization', `Bearer ${tokens.user}`],
        ],
      });
      expect(twice.body).toEqual(error(401, 'Unauthorized', 'AUTHORIZATION_MALFORMED'));
    });

    it('roles() admits any one of the roles (OR): 403 INSUFFICIENT_ROLE without, 401 without a token', async () => {
      expect((await call('GET', '/probe/either', { token: tokens.manager })).status).toBe(200);
      expect((await call('GET', '/probe/either', { token: tokens.user })).body).toEqual(error(403, 'Forbidden', 'INSUFFICIENT_ROLE'));
      expect((await call('GET', '/probe/either')).status).toBe(401);
    });

    it('allRoles() admits only a user with every role (AND)', async () => {
      expect((await call('GET', '/probe/both', { token: tokens.managerUser })).status).toBe(200);
      expect((await call('GET', '/probe/both', { token: tokens.manager })).status).toBe(403);
    });

    it('still requires the role on a route marked both public and role-guarded (fail closed)', async () => {
      expect((await call('GET', '/probe/odd')).status).toBe(401);
      expect((await call('GET', '/probe/odd', { token: tokens.user })).status).toBe(403);
    });

    it('answers HEAD like GET without a body, guard included', async () => {
      expect(await call('HEAD', '/probe/closed')).toMatchObject({ status: 401, text: '' });
      expect(await call('HEAD', '/probe/closed', { token: tokens.user })).toMatchObject({ status: 200, text: '' });
    });

    it('applies the body rules after the token: JSON parsed, 413, 415, 400, each with its code', async () => {
      expect((await post('{"a":1}', 'application/json')).body).toEqual({ body: { a: 1 } });
      expect((await post('', 'application/json')).body).toEqual({ body: null });
      expect((await post(`{"a":"${'x'.repeat(17 * 1024)}"}`, 'application/json')).body).toEqual(
        error(413, 'Payload Too Large', 'BODY_TOO_LARGE'),
      );
      expect((await post('a=1', 'application/x-www-form-urlencoded')).body).toEqual(error(415, 'Unsupported Media Type', 'BODY_NOT_JSON'));
      expect((await post('{}', 'application/json; charset=latin1')).body).toEqual(error(415, 'Unsupported Media Type', 'BODY_NOT_UTF8'));
      expect((await post('{"a":', 'application/json')).body).toEqual(error(400, 'Bad Request', 'BODY_MALFORMED'));
    });

    it("never reads an anonymous caller's body on a protected route: 401, not 400", async () => {
      expect((await post('{"a":', 'application/json', 'anonymous')).body).toEqual(error(401, 'Unauthorized', 'TOKEN_MISSING'));
    });

    it('answers an unknown route with the same JSON 404 with or without a token', async () => {
      const anonymous = await call('GET', '/probe/nothing-here');
      const signedIn = await call('GET', '/probe/nothing-here', { token: tokens.user });
      expect(anonymous.body).toEqual(error(404, 'Not Found', 'ROUTE_NOT_FOUND'));
      expect(signedIn.body).toEqual(anonymous.body);
    });

    it('answers a path that is not validly percent-encoded with 400 PATH_MALFORMED, before the token', async () => {
      expect((await call('GET', '/api/v1/users/%ZZ')).body).toEqual(error(400, 'Bad Request', 'PATH_MALFORMED'));
    });

    it("serves the library's auth routes: public ones without a token, protected ones deny by default", async () => {
      const login = await call('POST', '/api/v1/auth/login', {
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
        headers: [['content-type', 'application/json']],
      });
      expect(login.body).toEqual(error(401, 'Unauthorized', 'INVALID_CREDENTIALS'));
      expect((await call('POST', '/api/v1/auth/verify-token')).body).toEqual(error(401, 'Unauthorized', 'TOKEN_MISSING'));
      expect((await call('POST', '/api/v1/auth/verify-token', { token: tokens.user })).status).toBe(200);
    });

    it("serves the library's user routes with their roles", async () => {
      expect((await call('GET', '/api/v1/users/me', { token: tokens.user })).body).toMatchObject({ username: 'probe-user' });
      expect((await call('GET', '/api/v1/users', { token: tokens.user })).body).toEqual(error(403, 'Forbidden', 'INSUFFICIENT_ROLE'));
    });

    describeOwnRoleCases(target, clock);
    if (target.guardHelpers) describeGuardHelperCases({ call, tokens, clock });
  });
  describeResourceGuard(name, target);
}

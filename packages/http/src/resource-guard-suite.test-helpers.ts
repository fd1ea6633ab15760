import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIssuer, testAuth, type TestIssuer } from './jwks-issuer.test-helpers.js';
import { createJwksVerifier, type JwksVerifier, type JwksVerifierOptions } from './jwks-verifier.js';

/** An app guarded by the adapter from `verifier` alone, reached by `request` (in process or on loopback). */
export interface GuardedApp {
  request(path: string, init?: RequestInit): Promise<Response>;
  close?(): Promise<void>;
}

/**
 * Builds the adapter's deny-by-default guard from `verifier` with these routes:
 * `GET /open` public → `{ open: true }`; `GET /me` → `{ id, roles }` of `requireUser`;
 * `GET /reports` with `roles('user')` → `{ reports: [] }`; `GET /admin` with `roles('manager')` → `{ admin: true }`.
 */
export type GuardedAppFactory = (verifier: JwksVerifier) => GuardedApp | Promise<GuardedApp>;

const ISSUER = 'https://issuer.gatehouse.test';
const AUDIENCE = 'orders-api';

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** A token whose signature is another one's: same header and claims, bytes of the signature changed. */
function withBadSignature(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  return `${header}.${payload}.${flipped}`;
}

/**
 * The store-free guard of a resource service on one adapter: an issuer signing EdDSA serves its
 * JWKS on a loopback socket; the adapter's guard, built from a JWKS verifier alone, admits the
 * issuer's tokens, refuses the others with the contract's bodies, applies `roles(…)`, keeps public
 * routes public, and answers 503 with `Retry-After` when it cannot get the key a token names.
 */
export function resourceGuardSuite(adapter: string, build: GuardedAppFactory): void {
  describe(`${adapter}: a resource service guarded from the issuer's JWKS alone`, () => {
    let issuer: TestIssuer;
    const apps: GuardedApp[] = [];

    beforeAll(async () => {
      const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
      issuer = await startIssuer(
        testAuth({
          accessTokenAlgorithm: 'EdDSA',
          accessTokenPrivateKey: (await exportJWK(privateKey)) as never,
          issuer: ISSUER,
          audience: AUDIENCE,
        } as never),
      );
    });
    afterEach(async () => {
      for (const app of apps.splice(0)) await app.close?.();
      issuer.setMode({ kind: 'ok' });
    });
    afterAll(async () => {
      await issuer?.stop().catch(() => {});
    });

    let counter = 0;
    /** A fresh account of the issuer holding `roles`, signed in: its access token. */
    async function tokenWithRoles(roles: string[]) {
      counter += 1;
      const password = 'correct horse battery staple';
      const email = `guard${counter}${Math.random().toString(36).slice(2, 8)}@example.com`;
      const { user } = await issuer.auth.register({
        firstName: 'R',
        lastName: 'S',
        username: email.split('@')[0]!,
        email,
        password,
        confirmPassword: password,
      });
      const root = await issuer.auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase for tests' });
      await issuer.auth.setRoles(root, user.id, { roles: roles as never });
      return (await issuer.auth.login({ email, password })).accessToken;
    }

    async function guarded(options: Partial<JwksVerifierOptions> = {}) {
      const verifier = createJwksVerifier({
        jwksUrl: issuer.jwksUrl,
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['EdDSA'],
        ...options,
      });
      const app = await build(verifier);
      apps.push(app);
      return app;
    }

    it('admits a token of the issuer and gives the route its verified user', async () => {
      const app = await guarded();
      const token = await issuer.accessToken();
      const res = await app.request('/me', bearer(token));
      expect(res.status).toBe(200);
      const me = (await issuer.auth.verifyAccessToken(token)).id;
      expect(await res.json()).toEqual({ id: me, roles: [] });
    });

    it('refuses a request without a token with 401 TOKEN_MISSING', async () => {
      const app = await guarded();
      const res = await app.request('/me');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'An access token is required (Authorization: Bearer <token>).',
        code: 'TOKEN_MISSING',
      });
    });

    it('refuses a token whose signature is not the issuer key with 401 TOKEN_INVALID', async () => {
      const app = await guarded();
      const res = await app.request('/me', bearer(withBadSignature(await issuer.accessToken())));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'The token is invalid.', code: 'TOKEN_INVALID' });
    });

    it('applies roles(…): 200 with a held role, 403 INSUFFICIENT_ROLE without', async () => {
      const app = await guarded();
      const token = await tokenWithRoles(['user']);
      const [granted, refused] = await Promise.all([app.request('/reports', bearer(token)), app.request('/admin', bearer(token))]);
      expect(granted.status).toBe(200);
      expect(await granted.json()).toEqual({ reports: [] });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You do not have a role that allows this.',
        code: 'INSUFFICIENT_ROLE',
      });
    });

    it('keeps public routes public, with no token and with a bad one', async () => {
      const app = await guarded();
      const fetchesBefore = issuer.fetches();
      const res = await app.request('/open');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ open: true });
      expect((await app.request('/open', bearer('not-a-token'))).status).toBe(200);
      // No key was needed to serve them.
      expect(issuer.fetches()).toBe(fetchesBefore);
    });

    it('refuses a token of the issuer for another audience with 401 TOKEN_INVALID', async () => {
      const app = await guarded({ audience: 'billing-api' });
      const res = await app.request('/me', bearer(await issuer.accessToken()));
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('TOKEN_INVALID');
    });

    it('with requireEmailVerification, refuses a token of an unconfirmed account with 403 EMAIL_NOT_VERIFIED', async () => {
      const app = await guarded({ requireEmailVerification: true });
      const res = await app.request('/me', bearer(await issuer.accessToken()));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Please confirm your e-mail address first.',
        code: 'EMAIL_NOT_VERIFIED',
      });
    });

    it('answers 503 KEYS_UNAVAILABLE with Retry-After when the JWKS is down for a key it has not cached', async () => {
      const app = await guarded({ timeoutMs: 500 });
      const token = await issuer.accessToken();
      issuer.setMode({ kind: 'error' });
      const res = await app.request('/me', bearer(token));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'A service this request needs is unavailable. Please try again shortly.',
        code: 'KEYS_UNAVAILABLE',
      });
    });

    it('keeps admitting tokens whose key it has cached while the JWKS is down', async () => {
      const app = await guarded({ cacheMaxAgeMs: 0, cooldownMs: 0, accessTokenCache: false });
      expect((await app.request('/me', bearer(await issuer.accessToken()))).status).toBe(200);
      issuer.setMode({ kind: 'error' });
      const another = await issuer.accessToken();
      expect((await app.request('/me', bearer(another))).status).toBe(200);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { decodeClaims, decodeHeader, forgeToken, tamperPayload, unsecuredToken } from './forge-token.js';
import { SUITE_SECRETS, type StartServer } from './server-under-test.js';
import { loginAs, registerUser, useServer } from './suite-setup.js';

const now = () => Math.floor(Date.now() / 1000);

export function tokenSuite(start: StartServer): void {
  describe('login, tokens and sessions', () => {
    const s = useServer(start);

    it('logs in with 200 { accessToken, refreshToken, user { id, email, roles } }', async () => {
      const { input, body } = await registerUser(s);
      const res = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email.toUpperCase(), password: input.password } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        user: { id: body.user.id, email: input.email, roles: [] },
      });
    });

    it('answers the same 401 body for a wrong password and an unknown e-mail', async () => {
      const { input } = await registerUser(s);
      const wrong = await s.api('POST', '/api/v1/auth/login', { body: { email: input.email, password: 'not the password' } });
      const unknown = await s.api('POST', '/api/v1/auth/login', { body: { email: `nobody-${input.email}`, password: 'not the password' } });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'INVALID_CREDENTIALS' });
    });

    it('issues HS256 tokens with at+jwt / rt+jwt types, the claims of the contract and exp within base + jitter', async () => {
      const { input, body } = await registerUser(s);
      const session = await loginAs(s, input.email, input.password);
      expect(decodeHeader(session.accessToken)).toEqual({ alg: 'HS256', typ: 'at+jwt', kid: expect.any(String) });
      expect(decodeHeader(session.refreshToken)).toEqual({ alg: 'HS256', typ: 'rt+jwt' });
      const access = decodeClaims(session.accessToken);
      expect(access).toMatchObject({ id: body.user.id, sub: body.user.id, email: input.email, roles: [] });
      expect(access.exp - access.iat).toBeGreaterThanOrEqual(3600);
      expect(access.exp - access.iat).toBeLessThanOrEqual(3660);
      const refresh = decodeClaims(session.refreshToken);
      expect(refresh.exp - refresh.iat).toBeGreaterThanOrEqual(7 * 86_400);
      expect(refresh.exp - refresh.iat).toBeLessThanOrEqual(7 * 86_400 + 60);
      expect(typeof refresh.jti).toBe('string');
    });

    it('verify-token answers 200 { message, user } for a valid access token', async () => {
      const { input, body } = await registerUser(s);
      const res = await s.api('POST', '/api/v1/auth/verify-token', { token: body.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: expect.any(String), user: { id: body.user.id, email: input.email, roles: [] } });
    });

    it('verify-token answers 401 without a token, with a malformed header, and with a refresh token', async () => {
      const { body } = await registerUser(s);
      const missing = await s.api('POST', '/api/v1/auth/verify-token');
      expect(missing.status).toBe(401);
      expect(missing.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'TOKEN_MISSING' });
      const basic = await s.api('POST', '/api/v1/auth/verify-token', { headers: { authorization: `Basic ${body.accessToken}` } });
      expect(basic.status).toBe(401);
      const refreshAsAccess = await s.api('POST', '/api/v1/auth/verify-token', { token: body.refreshToken });
      expect(refreshAsAccess.status).toBe(401);
    });

    it('refuses forged tokens: alg none, wrong secret, other algorithm, wrong typ, tampered payload, expired', async () => {
      const { body } = await registerUser(s);
      const claims = decodeClaims(body.accessToken);
      const attempts = [
        unsecuredToken({ ...claims, roles: ['super'] }),
        await forgeToken('another-secret-that-is-long-enough-0123456789', claims),
        await forgeToken(SUITE_SECRETS.JWT_SECRET, claims, { alg: 'HS512' }),
        await forgeToken(SUITE_SECRETS.JWT_SECRET, claims, { typ: 'rt+jwt' }),
        await forgeToken(SUITE_SECRETS.JWT_REFRESH_SECRET, claims),
        tamperPayload(body.accessToken, (c) => ({ ...c, roles: ['super'] })),
        await forgeToken(SUITE_SECRETS.JWT_SECRET, { ...claims, iat: now() - 7200, exp: now() - 1 }),
        await forgeToken(SUITE_SECRETS.JWT_SECRET, { ...claims, exp: undefined }),
      ];
      for (const token of attempts) {
        const res = await s.api('POST', '/api/v1/auth/verify-token', { token });
        expect(res.status, token).toBe(401);
        expect(res.body.statusCode).toBe(401);
      }
      const genuine = await forgeToken(SUITE_SECRETS.JWT_SECRET, { ...claims, iat: now(), exp: now() + 60 });
      expect((await s.api('POST', '/api/v1/auth/verify-token', { token: genuine })).status).toBe(200);
    });

    it('answers a token it has verified before as it did the first time, however the header spells it', async () => {
      const { body } = await registerUser(s);
      const verify = (authorization: string) => s.api('POST', '/api/v1/auth/verify-token', { headers: { authorization } });
      // Verified once, so cached: every later answer may come from the verified-token cache.
      expect((await verify(`Bearer ${body.accessToken}`)).status).toBe(200);
      for (const accepted of [`Bearer ${body.accessToken}`, `bearer ${body.accessToken}`, `BEARER  ${body.accessToken}`]) {
        expect((await verify(accepted)).status, accepted).toBe(200);
      }
      const raisedRole = tamperPayload(body.accessToken, (c) => ({ ...c, roles: ['super'] }));
      expect(raisedRole.split('.')[2]).toBe(body.accessToken.split('.')[2]);
      for (const refused of [
        `Bearer ${raisedRole}`,
        `Bearer ${body.accessToken}=`,
        `Bearer ${body.accessToken}, Bearer ${body.accessToken}`,
        `Bearer x${body.accessToken}`,
      ]) {
        const res = await verify(refused);
        expect(res.status, refused).toBe(401);
        expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    });

    it('refresh-token returns a new pair and uses up the presented token', async () => {
      const { body } = await registerUser(s);
      const res = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
      expect(res.body.refreshToken).not.toBe(body.refreshToken);
      expect((await s.api('POST', '/api/v1/auth/verify-token', { token: res.body.accessToken })).status).toBe(200);
    });

    it('a refresh token used twice is refused with 401 and revokes its whole family', async () => {
      const { body } = await registerUser(s);
      const rotated = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } });
      const reuse = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } });
      expect(reuse.status).toBe(401);
      expect(reuse.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'REFRESH_TOKEN_REUSED' });
      const newest = await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: rotated.body.refreshToken } });
      expect(newest.status).toBe(401);
    });

    it('refresh-token refuses an access token (401) and a missing one (400)', async () => {
      const { body } = await registerUser(s);
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.accessToken } })).status).toBe(401);
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: {} })).status).toBe(400);
    });

    it('logout answers 204 and ends that session only', async () => {
      const { input, body } = await registerUser(s);
      const other = await loginAs(s, input.email, input.password);
      const res = await s.api('POST', '/api/v1/auth/logout', { body: { refreshToken: body.refreshToken } });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: body.refreshToken } })).status).toBe(401);
      expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken: other.refreshToken } })).status).toBe(200);
    });

    it('logout refuses a forged refresh token with 401', async () => {
      const forged = await forgeToken(
        'another-secret-that-is-long-enough-0123456789',
        { sub: 'x', jti: 'y', fam: 'z', iat: now(), exp: now() + 60 },
        { typ: 'rt+jwt' },
      );
      expect((await s.api('POST', '/api/v1/auth/logout', { body: { refreshToken: forged } })).status).toBe(401);
    });

    it('logout-all answers 204 and ends every session of the user; it needs a bearer token', async () => {
      const { input, body } = await registerUser(s);
      const second = await loginAs(s, input.email, input.password);
      expect((await s.api('POST', '/api/v1/auth/logout-all')).status).toBe(401);
      const res = await s.api('POST', '/api/v1/auth/logout-all', { token: body.accessToken });
      expect(res.status).toBe(204);
      for (const refreshToken of [body.refreshToken, second.refreshToken]) {
        expect((await s.api('POST', '/api/v1/auth/refresh-token', { body: { refreshToken } })).status).toBe(401);
      }
    });
  });
}

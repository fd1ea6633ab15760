import { ERROR_CATALOGUE } from '@gatehousejs/core';
import { createSoftwareAuthenticator, type CeremonyOverrides } from '@gatehousejs/core/testing';
import { describe, expect, it } from 'vitest';
import { decodeClaims, withOldAuthTime } from './forge-token.js';
import { SUITE_SECRETS, type StartServer } from './server-under-test.js';
import { SUITE_MFA } from './start-from-target.js';
import { loginAs, registerUser, useServer, type SuiteServer } from './suite-setup.js';

const { rpId, origins } = SUITE_MFA.webauthn;
const rejected = { statusCode: 401, error: 'Unauthorized', message: ERROR_CATALOGUE.PASSKEY_REJECTED.message, code: 'PASSKEY_REJECTED' };

/** A fresh user who registered a software passkey over HTTP. */
async function userWithPasskey(s: SuiteServer, options: { userVerification?: boolean } = {}) {
  const { input, body } = await registerUser(s, 'passkey');
  const { accessToken } = await loginAs(s, input.email, input.password);
  const key = createSoftwareAuthenticator({ rpId, origin: origins[0]!, ...options });
  const creation = await s.api('POST', '/api/v1/users/me/passkeys/options', { token: accessToken });
  if (creation.status !== 200) throw new Error(`options failed: ${creation.status} ${creation.text}`);
  const added = await s.api('POST', '/api/v1/users/me/passkeys', {
    token: accessToken,
    body: { response: key.register(creation.body), name: 'Laptop' },
  });
  if (added.status !== 201) throw new Error(`registration failed: ${added.status} ${added.text}`);
  return { input, id: body.user.id as string, accessToken, key, passkeyId: added.body.passkey.id as string };
}

async function passkeySignIn(s: SuiteServer, key: ReturnType<typeof createSoftwareAuthenticator>, overrides: CeremonyOverrides = {}) {
  const { body } = await s.api('POST', '/api/v1/auth/passkey/options', { body: {} });
  return s.api('POST', '/api/v1/auth/passkey/login', {
    body: { challengeId: body.challengeId, response: key.authenticate(body.options.challenge, overrides) },
  });
}

/** Passkeys over HTTP (CONTRACT §9, docs/passkeys.md), with a software authenticator as the browser and the key. */
export function passkeySuite(start: StartServer): void {
  describe('passkeys (WebAuthn)', () => {
    const s = useServer(start);

    it('registers a passkey: creation options, then 201 with the passkey, listed and counted', async () => {
      const u = await userWithPasskey(s);
      const list = await s.api('GET', '/api/v1/users/me/passkeys', { token: u.accessToken });
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ passkeys: [{ id: u.passkeyId, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }] });
      expect((await s.api('GET', '/api/v1/users/me/mfa', { token: u.accessToken })).body).toEqual({
        totp: false,
        passkeys: 1,
        recoveryCodesLeft: 0,
      });
      const creation = await s.api('POST', '/api/v1/users/me/passkeys/options', { token: u.accessToken });
      expect(creation.body).toMatchObject({ rp: { id: rpId }, excludeCredentials: [{ id: u.key.credentialId, type: 'public-key' }] });
    });

    it('refuses a registration from another origin (400)', async () => {
      const { input } = await registerUser(s, 'passkey');
      const { accessToken } = await loginAs(s, input.email, input.password);
      const creation = await s.api('POST', '/api/v1/users/me/passkeys/options', { token: accessToken });
      const key = createSoftwareAuthenticator({ rpId, origin: 'https://evil.example' });
      const res = await s.api('POST', '/api/v1/users/me/passkeys', { token: accessToken, body: { response: key.register(creation.body) } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        message: ERROR_CATALOGUE.PASSKEY_REGISTRATION_FAILED.message,
        code: 'PASSKEY_REGISTRATION_FAILED',
      });
    });

    it('signs in without a password: the login shape, amr hwk and mfa', async () => {
      const u = await userWithPasskey(s);
      const res = await passkeySignIn(s, u.key);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        user: { id: u.id, email: u.input.email, roles: [] },
      });
      expect(decodeClaims(res.body.accessToken).amr).toEqual(['hwk', 'mfa']);
    });

    it('refuses a wrong origin, a wrong RP ID, a replayed assertion and a counter that went back (401)', async () => {
      const u = await userWithPasskey(s);
      expect((await passkeySignIn(s, u.key, { origin: 'https://evil.example' })).body).toMatchObject(rejected);
      expect((await passkeySignIn(s, u.key, { rpId: 'evil.example' })).body).toMatchObject(rejected);

      const { body } = await s.api('POST', '/api/v1/auth/passkey/options', { body: {} });
      const assertion = u.key.authenticate(body.options.challenge);
      expect(
        (await s.api('POST', '/api/v1/auth/passkey/login', { body: { challengeId: body.challengeId, response: assertion } })).status,
      ).toBe(200);
      const replay = await s.api('POST', '/api/v1/auth/passkey/login', { body: { challengeId: body.challengeId, response: assertion } });
      expect(replay.status).toBe(401);
      expect((await passkeySignIn(s, u.key, { counter: 1 })).body).toMatchObject(rejected);
    });

    it("answers a password sign-in's challenge with a passkey; another user's passkey is refused", async () => {
      const u = await userWithPasskey(s, { userVerification: false });
      const other = await userWithPasskey(s);
      const login = await s.api('POST', '/api/v1/auth/login', { body: { email: u.input.email, password: u.input.password } });
      expect(login.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['passkey'] });

      const foreign = await s.api('POST', '/api/v1/auth/passkey/options', { body: {} });
      const refused = await s.api('POST', '/api/v1/auth/mfa/verify', {
        body: {
          mfaToken: login.body.mfaToken,
          challengeId: foreign.body.challengeId,
          response: other.key.authenticate(foreign.body.options.challenge),
        },
      });
      expect(refused.status).toBe(401);

      const own = await s.api('POST', '/api/v1/auth/passkey/options', { body: { email: u.input.email } });
      expect(own.body.options.allowCredentials).toEqual([{ id: u.key.credentialId, type: 'public-key', transports: ['internal'] }]);
      const verified = await s.api('POST', '/api/v1/auth/mfa/verify', {
        body: {
          mfaToken: login.body.mfaToken,
          challengeId: own.body.challengeId,
          response: u.key.authenticate(own.body.options.challenge),
        },
      });
      expect(verified.status).toBe(200);
      expect(decodeClaims(verified.body.accessToken).amr).toEqual(['pwd', 'hwk', 'mfa']);
    });

    it('POST /auth/reauthenticate takes a passkey assertion: a fresh auth_time for the same session; a replay or another user’s passkey is 401', async () => {
      const u = await userWithPasskey(s);
      const other = await userWithPasskey(s);
      const stale = await withOldAuthTime(SUITE_SECRETS.JWT_SECRET, u.accessToken, 3600);
      const assertion = async (key: typeof u.key) => {
        const { body } = await s.api('POST', '/api/v1/auth/passkey/options', { body: { email: u.input.email } });
        return { challengeId: body.challengeId as string, response: key.authenticate(body.options.challenge) };
      };
      expect((await s.api('DELETE', `/api/v1/users/me/passkeys/${u.passkeyId}`, { token: stale })).status).toBe(403);

      const foreign = await s.api('POST', '/api/v1/auth/reauthenticate', { token: stale, body: await assertion(other.key) });
      expect(foreign.body).toMatchObject(rejected);
      const proof = await assertion(u.key);
      const res = await s.api('POST', '/api/v1/auth/reauthenticate', { token: stale, body: proof });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['accessToken']);
      const claims = decodeClaims(res.body.accessToken);
      expect(claims.sid).toBe(decodeClaims(u.accessToken).sid);
      expect(claims.amr).toEqual(['hwk']);
      expect(claims.auth_time).toBeGreaterThan(decodeClaims(stale).auth_time);
      expect((await s.api('POST', '/api/v1/auth/reauthenticate', { token: stale, body: proof })).status).toBe(401);

      // The fresh token may now do what needs a recent authentication.
      const removed = await s.api('DELETE', `/api/v1/users/me/passkeys/${u.passkeyId}`, { token: res.body.accessToken });
      expect(removed.status).toBe(204);
    });

    it("renames and deletes the caller's passkey; someone else's id is 404", async () => {
      const u = await userWithPasskey(s);
      const other = await userWithPasskey(s);
      const renamed = await s.api('PUT', `/api/v1/users/me/passkeys/${u.passkeyId}`, { token: u.accessToken, body: { name: 'Phone' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.passkey).toMatchObject({ id: u.passkeyId, name: 'Phone' });
      expect((await s.api('DELETE', `/api/v1/users/me/passkeys/${other.passkeyId}`, { token: u.accessToken })).status).toBe(404);
      expect((await s.api('DELETE', `/api/v1/users/me/passkeys/${u.passkeyId}`, { token: u.accessToken })).status).toBe(204);
      expect((await s.api('GET', '/api/v1/users/me/passkeys', { token: u.accessToken })).body).toEqual({ passkeys: [] });
      expect((await passkeySignIn(s, u.key)).status).toBe(401);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { createFlowHarness, expectAuthError, PASSWORD } from '../flows/flow-harness.test-helpers.js';
import type { LoginResult } from '../flows/login.js';
import type { MfaChallenge } from '../mfa/login-challenge.js';
import { MFA_KEY } from '../mfa/mfa-flows.test-helpers.js';
import type { AuthEvent } from '../ports/auth-events.js';
import { createSoftwareAuthenticator, type SoftwareAuthenticatorOptions } from '../testing/software-authenticator.js';

const RP = { rpId: 'example.com', rpName: 'Example', origins: ['https://example.com'] };

async function setUp(options: Partial<SoftwareAuthenticatorOptions> = {}) {
  const events: AuthEvent[] = [];
  const h = createFlowHarness({ mfa: { encryptionKeys: [MFA_KEY], webauthn: RP }, onEvent: (event) => events.push(event) });
  const { user } = await h.register();
  const session = (await h.auth.login({ email: user.email, password: PASSWORD })) as LoginResult<string>;
  const payload = await h.auth.verifyAccessToken(session.accessToken);
  const key = createSoftwareAuthenticator({ rpId: 'example.com', origin: 'https://example.com', ...options });
  const creation = await h.auth.passkeys.registrationOptions(payload);
  const { passkey } = await h.auth.passkeys.register(payload, { response: key.register(creation), name: 'Laptop' });
  const signIn = async (overrides: Parameters<typeof key.authenticate>[1] = {}) => {
    const { challengeId, options: request } = await h.auth.passkeys.loginOptions({});
    return h.auth.passkeys.login({ challengeId, response: key.authenticate(request.challenge, overrides) });
  };
  return { h, user, payload, key, passkey, signIn, events };
}

describe('registering a passkey', () => {
  it('offers creation options for this site and user, and stores the verified credential', async () => {
    const h = createFlowHarness({ mfa: { encryptionKeys: [MFA_KEY], webauthn: RP } });
    const { user } = await h.register();
    const session = (await h.auth.login({ email: user.email, password: PASSWORD })) as LoginResult<string>;
    const payload = await h.auth.verifyAccessToken(session.accessToken);
    const creation = await h.auth.passkeys.registrationOptions(payload);
    expect(creation).toMatchObject({
      rp: { id: 'example.com', name: 'Example' },
      user: { name: user.email, id: Buffer.from(user.id).toString('base64url') },
      pubKeyCredParams: [
        { alg: -7, type: 'public-key' },
        { alg: -8, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [],
    });
    const key = createSoftwareAuthenticator({ rpId: 'example.com', origin: 'https://example.com' });
    const { passkey } = await h.auth.passkeys.register(payload, { response: key.register(creation) });
    expect(passkey).toEqual({ id: expect.any(String), name: 'Passkey 1', createdAt: h.clock.now().toISOString(), lastUsedAt: null });
    expect(await h.auth.mfa.status(user.id)).toEqual({ totp: false, passkeys: 1, recoveryCodesLeft: 0 });
    // The next options exclude it, so the same authenticator is not registered twice.
    expect((await h.auth.passkeys.registrationOptions(payload)).excludeCredentials).toEqual([
      { id: key.credentialId, transports: ['internal'], type: 'public-key' },
    ]);
  });

  it('refuses a response for another origin, another RP ID, a reused or made-up challenge', async () => {
    const { h, payload } = await setUp();
    const other = createSoftwareAuthenticator({ rpId: 'example.com', origin: 'https://example.com' });
    const tries = [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' }];
    for (const overrides of tries) {
      const creation = await h.auth.passkeys.registrationOptions(payload);
      await expectAuthError(
        h.auth.passkeys.register(payload, { response: other.register(creation, overrides) }),
        'PASSKEY_REGISTRATION_FAILED',
      );
    }
    const creation = await h.auth.passkeys.registrationOptions(payload);
    await h.auth.passkeys.register(payload, { response: other.register(creation) });
    const again = createSoftwareAuthenticator({ rpId: 'example.com', origin: 'https://example.com' });
    await expectAuthError(h.auth.passkeys.register(payload, { response: again.register(creation) }), 'PASSKEY_REGISTRATION_FAILED');
  });

  it('refuses a challenge issued to another user', async () => {
    const ada = await setUp();
    const { user: bob } = await ada.h.register();
    const bobSession = (await ada.h.auth.login({ email: bob.email, password: PASSWORD })) as LoginResult<string>;
    const bobPayload = await ada.h.auth.verifyAccessToken(bobSession.accessToken);
    const adaCreation = await ada.h.auth.passkeys.registrationOptions(ada.payload);
    const key = createSoftwareAuthenticator({ rpId: 'example.com', origin: 'https://example.com' });
    await expectAuthError(ada.h.auth.passkeys.register(bobPayload, { response: key.register(adaCreation) }), 'PASSKEY_REGISTRATION_FAILED');
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password; a verified user counts as two factors (amr hwk, mfa)', async () => {
    const { h, user, signIn } = await setUp();
    const result = await signIn();
    expect(result.user).toEqual({ id: user.id, email: user.email, roles: [] });
    expect((await h.auth.verifyAccessToken(result.accessToken)).amr).toEqual(['hwk', 'mfa']);
    expect((await h.auth.passkeys.list(user.id)).passkeys[0]?.lastUsedAt).toBe(h.clock.now().toISOString());
  });

  it('says swk for a synced passkey', async () => {
    const { h, signIn } = await setUp({ synced: true, counts: false });
    expect((await h.auth.verifyAccessToken((await signIn()).accessToken)).amr).toEqual(['swk', 'mfa']);
    // A passkey that does not count may sign in again (the single-use challenge stops replays).
    await expect(signIn()).resolves.toHaveProperty('accessToken');
  });

  it('refuses a passkey that did not verify the user for a passwordless sign-in', async () => {
    const { signIn } = await setUp();
    await expectAuthError(signIn({ userVerification: false }), 'PASSKEY_REJECTED');
  });

  it('refuses a passkey of a disabled account with ACCOUNT_DISABLED', async () => {
    const { h, user, signIn } = await setUp();
    await h.store.accounts.setUserDisabled(user.id, true, h.clock.now());
    await expectAuthError(signIn(), 'ACCOUNT_DISABLED');
  });

  it('refuses a wrong origin, a wrong RP ID and an assertion for another challenge', async () => {
    const { signIn } = await setUp();
    await expectAuthError(signIn({ origin: 'https://evil.example' }), 'PASSKEY_REJECTED');
    await expectAuthError(signIn({ rpId: 'evil.example' }), 'PASSKEY_REJECTED');
    await expectAuthError(signIn({ challenge: 'c29tZS1vdGhlci1jaGFsbGVuZ2U' }), 'PASSKEY_REJECTED');
  });

  it('refuses a replayed assertion and a reused challenge', async () => {
    const { h, key } = await setUp();
    const { challengeId, options } = await h.auth.passkeys.loginOptions({});
    const assertion = key.authenticate(options.challenge);
    await h.auth.passkeys.login({ challengeId, response: assertion });
    await expectAuthError(h.auth.passkeys.login({ challengeId, response: assertion }), 'PASSKEY_REJECTED');
    const fresh = await h.auth.passkeys.loginOptions({});
    // The same signed assertion against a new challenge fails its challenge check.
    await expectAuthError(h.auth.passkeys.login({ challengeId: fresh.challengeId, response: assertion }), 'PASSKEY_REJECTED');
  });

  it('refuses and audits a signature counter that went backwards (a cloned authenticator)', async () => {
    const { signIn, passkey, user, events } = await setUp();
    await signIn();
    await signIn();
    await expectAuthError(signIn({ counter: 2 }), 'PASSKEY_REJECTED');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'passkey.counter_regression',
        userId: user.id,
        detail: { passkeyId: passkey.id, stored: 2, received: 2 },
      }),
    );
  });
});

describe('a passkey as the second factor of a password sign-in', () => {
  it('challenges the password sign-in and answers it with an assertion (amr pwd, hwk, mfa)', async () => {
    const { h, user, key } = await setUp({ userVerification: false });
    const challenge = (await h.auth.signIn({ email: user.email, password: PASSWORD })) as MfaChallenge;
    expect(challenge).toMatchObject({ mfaRequired: true, methods: ['passkey'] });
    const { challengeId, options } = await h.auth.passkeys.loginOptions({ email: user.email });
    expect(options.allowCredentials).toEqual([{ id: key.credentialId, transports: ['internal'], type: 'public-key' }]);
    const result = await h.auth.mfa.verify({ mfaToken: challenge.mfaToken, challengeId, response: key.authenticate(options.challenge) });
    expect((await h.auth.verifyAccessToken(result.accessToken)).amr).toEqual(['pwd', 'hwk', 'mfa']);
  });

  it("refuses another user's passkey as the second factor", async () => {
    const ada = await setUp();
    const { user: bob } = await ada.h.register();
    const bobSession = (await ada.h.auth.login({ email: bob.email, password: PASSWORD })) as LoginResult<string>;
    const bobPayload = await ada.h.auth.verifyAccessToken(bobSession.accessToken);
    const bobKey = createSoftwareAuthenticator({ rpId: 'example.com', origin: 'https://example.com' });
    await ada.h.auth.passkeys.register(bobPayload, {
      response: bobKey.register(await ada.h.auth.passkeys.registrationOptions(bobPayload)),
    });

    const challenge = (await ada.h.auth.signIn({ email: ada.user.email, password: PASSWORD })) as MfaChallenge;
    const { challengeId, options } = await ada.h.auth.passkeys.loginOptions({});
    await expectAuthError(
      ada.h.auth.mfa.verify({ mfaToken: challenge.mfaToken, challengeId, response: bobKey.authenticate(options.challenge) }),
      'PASSKEY_REJECTED',
    );
  });
});

describe('managing passkeys', () => {
  it('lists, renames and deletes the caller’s passkeys; another user’s id is 404', async () => {
    const { h, user, payload, passkey } = await setUp();
    expect(await h.auth.passkeys.list(user.id)).toEqual({ passkeys: [passkey] });
    expect(passkey.name).toBe('Laptop');
    expect((await h.auth.passkeys.rename(user.id, passkey.id, { name: ' Work laptop ' })).passkey.name).toBe('Work laptop');
    await expectAuthError(h.auth.passkeys.rename('someone-else', passkey.id, { name: 'x' }), 'PASSKEY_NOT_FOUND');
    await expectAuthError(h.auth.passkeys.rename(user.id, passkey.id, { name: '' }), 'VALIDATION_FAILED');
    await h.auth.passkeys.remove(payload, passkey.id);
    expect(await h.auth.passkeys.list(user.id)).toEqual({ passkeys: [] });
    expect(await h.waitForMail('passkey-added', user.email!)).toEqual({ kind: 'passkey-added', to: user.email });
    expect(await h.waitForMail('passkey-removed', user.email!)).toEqual({ kind: 'passkey-removed', to: user.email });
    await expectAuthError(h.auth.passkeys.remove(payload, passkey.id), 'PASSKEY_NOT_FOUND');
  });

  it('needs a recent authentication to offer options and to delete', async () => {
    const { h, payload, passkey } = await setUp();
    h.clock.advance(11 * 60);
    await expectAuthError(h.auth.passkeys.registrationOptions(payload), 'REAUTHENTICATION_REQUIRED');
    await expectAuthError(h.auth.passkeys.remove(payload, passkey.id), 'REAUTHENTICATION_REQUIRED');
  });

  it('refuses (409) to delete the last way into an account without a password or provider', async () => {
    const { h, user, payload, passkey } = await setUp();
    // An account that signs in only with this passkey (its password hash gone, as for a provider-made account).
    await h.store.users.updatePasswordHash(user.id, null as unknown as string, h.clock.now());
    await expectAuthError(h.auth.passkeys.remove(payload, passkey.id), 'LAST_SIGN_IN_METHOD');
  });
});

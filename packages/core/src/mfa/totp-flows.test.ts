import { describe, expect, it } from 'vitest';
import { createFlowHarness, expectAuthError, PASSWORD } from '../flows/flow-harness.test-helpers.js';
import type { LoginResult } from '../flows/login.js';
import { MFA_KEY, userWithTotp } from './mfa-flows.test-helpers.js';
import { codeForStep, timeStepOf } from './totp-code.js';

const harness = () => createFlowHarness({ mfa: { encryptionKeys: [MFA_KEY] } });

async function signedIn(h: ReturnType<typeof harness>) {
  const { user } = await h.register();
  const { accessToken } = (await h.auth.login({ email: user.email, password: PASSWORD })) as LoginResult<string>;
  return { user, payload: await h.auth.verifyAccessToken(accessToken) };
}

describe('setting up an authenticator app', () => {
  it('answers a secret, its otpauth URI and a QR code, and stays pending until a code confirms it', async () => {
    const h = harness();
    const { user, payload } = await signedIn(h);
    const enrollment = await h.auth.mfa.startTotpEnrollment(payload);

    expect(enrollment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment.otpauthUri).toBe(
      `otpauth://totp/Gatehouse:${encodeURIComponent(user.email!)}?issuer=Gatehouse&secret=${enrollment.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrollment.qrCodeSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
    expect(await h.auth.mfa.status(user.id)).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    // Pending: the password alone still signs in.
    expect(await h.auth.signIn({ email: user.email, password: PASSWORD })).toHaveProperty('accessToken');

    const stored = await h.store.totpFactors.findTotpFactor(user.id);
    expect(stored?.secretCiphertext).toMatch(/^v1\./);
    expect(stored?.secretCiphertext).not.toContain(enrollment.secret);

    const { recoveryCodes } = await h.auth.mfa.confirmTotp(user.id, { code: codeForStep(enrollment.secret, timeStepOf(h.clock.now())) });
    expect(recoveryCodes).toHaveLength(10);
    expect(await h.auth.mfa.status(user.id)).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10 });
  });

  it('needs a recent authentication to start and to remove the app', async () => {
    const h = harness();
    const { payload } = await signedIn(h);
    h.clock.advance(11 * 60);
    await expectAuthError(h.auth.mfa.startTotpEnrollment(payload), 'REAUTHENTICATION_REQUIRED');
    await expectAuthError(h.auth.mfa.disableTotp(payload), 'REAUTHENTICATION_REQUIRED');
    await expectAuthError(h.auth.mfa.regenerateRecoveryCodes(payload), 'REAUTHENTICATION_REQUIRED');
  });

  it('refuses a wrong confirmation code and a confirmation with nothing pending', async () => {
    const h = harness();
    const { user, payload } = await signedIn(h);
    await expectAuthError(h.auth.mfa.confirmTotp(user.id, { code: '123456' }), 'TOTP_NOT_PENDING');
    const { secret } = await h.auth.mfa.startTotpEnrollment(payload);
    const wrong = codeForStep(secret, timeStepOf(h.clock.now()) + 5);
    await expectAuthError(h.auth.mfa.confirmTotp(user.id, { code: wrong }), 'MFA_CODE_INVALID');
    await expectAuthError(h.auth.mfa.confirmTotp(user.id, { code: '12a456' }), 'VALIDATION_FAILED');
  });

  it('never replaces a confirmed app with a new enrollment', async () => {
    const u = await userWithTotp();
    const session = await u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, code: u.code() });
    await expectAuthError(u.h.auth.mfa.startTotpEnrollment(await u.h.auth.verifyAccessToken(session.accessToken)), 'TOTP_ALREADY_ENABLED');
    expect((await u.h.store.totpFactors.findTotpFactor(u.userId))?.confirmedAt).not.toBeNull();
  });

  it("refuses another account's recovery code", async () => {
    const ada = await userWithTotp();
    const bob = await userWithTotp(ada.h);
    await expectAuthError(
      ada.h.auth.mfa.verify({ mfaToken: (await ada.challenge()).mfaToken, recoveryCode: bob.recoveryCodes[0]! }),
      'MFA_CODE_INVALID',
    );
  });
});

describe('signing in with an authenticator app', () => {
  it('answers a challenge instead of tokens, and the code then signs in with amr pwd, otp, mfa', async () => {
    const u = await userWithTotp();
    const challenge = await u.challenge();
    expect(challenge).toEqual({ mfaRequired: true, mfaToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), methods: ['totp', 'recovery'] });

    const result = await u.h.auth.mfa.verify({ mfaToken: challenge.mfaToken, code: u.code() });
    expect(result.user).toEqual({ id: u.userId, email: u.email, roles: [] });
    const payload = await u.h.auth.verifyAccessToken(result.accessToken);
    expect(payload.amr).toEqual(['pwd', 'otp', 'mfa']);
    const refreshed = await u.h.auth.refresh({ refreshToken: result.refreshToken });
    expect((await u.h.auth.verifyAccessToken(refreshed.accessToken)).amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('refuses tokens from auth.login() for an account with a second factor', async () => {
    const u = await userWithTotp();
    await expectAuthError(u.h.auth.login({ email: u.email, password: PASSWORD }), 'MFA_REQUIRED');
  });

  it('accepts each code once, also the confirming one, and never an older step after a newer one', async () => {
    const u = await userWithTotp();
    const first = await u.challenge();
    const code = u.code();
    await u.h.auth.mfa.verify({ mfaToken: first.mfaToken, code });

    const second = await u.challenge();
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: second.mfaToken, code }), 'MFA_CODE_INVALID');
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: second.mfaToken, code: u.code(-1) }), 'MFA_CODE_INVALID');
    await expect(u.h.auth.mfa.verify({ mfaToken: second.mfaToken, code: u.code(1) })).resolves.toHaveProperty('accessToken');
  });

  it('uses the mfaToken up on success, refuses it after 5 minutes, and refuses a made-up one', async () => {
    const u = await userWithTotp();
    const used = await u.challenge();
    await u.h.auth.mfa.verify({ mfaToken: used.mfaToken, code: u.code() });
    u.h.clock.advance(30);
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: used.mfaToken, code: u.code() }), 'MFA_TOKEN_INVALID');

    const late = await u.challenge();
    u.h.clock.advance(300);
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: late.mfaToken, code: u.code() }), 'MFA_TOKEN_INVALID');
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: 'A'.repeat(43), code: u.code() }), 'MFA_TOKEN_INVALID');
  });

  it('uses a token up after 5 wrong answers, even if the sixth is right', async () => {
    const u = await userWithTotp();
    const challenge = await u.challenge();
    for (let i = 0; i < 4; i += 1) {
      await expectAuthError(u.h.auth.mfa.verify({ mfaToken: challenge.mfaToken, code: u.code(9) }), 'MFA_CODE_INVALID');
    }
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: challenge.mfaToken, code: u.code(9) }), 'MFA_CODE_INVALID');
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: challenge.mfaToken, code: u.code() }), 'MFA_TOKEN_INVALID');
  });

  it('limits wrong codes per account across fresh tokens (429), counted before the code is checked', async () => {
    const u = await userWithTotp();
    for (let i = 0; i < 5; i += 1) {
      const { mfaToken } = await u.challenge();
      await expectAuthError(u.h.auth.mfa.verify({ mfaToken, code: u.code(9) }), 'MFA_CODE_INVALID');
    }
    const { mfaToken } = await u.challenge();
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken, code: u.code() }), 'RATE_LIMITED');
  });

  it('signs in with a recovery code once; the count left goes down', async () => {
    const u = await userWithTotp();
    const [code] = u.recoveryCodes;
    const result = await u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, recoveryCode: code!.toUpperCase() });
    expect((await u.h.auth.verifyAccessToken(result.accessToken)).amr).toEqual(['pwd', 'otp', 'mfa']);
    expect((await u.h.auth.mfa.status(u.userId)).recoveryCodesLeft).toBe(9);
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, recoveryCode: code! }), 'MFA_CODE_INVALID');
  });

  it('refuses a body with no answer or two answers', async () => {
    const u = await userWithTotp();
    const { mfaToken } = await u.challenge();
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken }), 'VALIDATION_FAILED');
    await expectAuthError(u.h.auth.mfa.verify({ mfaToken, code: u.code(), recoveryCode: u.recoveryCodes[0] }), 'VALIDATION_FAILED');
  });

  it('keeps the factor through a password reset: the new password still needs the code', async () => {
    const u = await userWithTotp();
    await u.h.auth.forgotPassword({ email: u.email });
    const mail = await u.h.waitForMail('password-reset', u.email);
    await u.h.auth.resetPassword({ token: mail.token, password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' });
    const outcome = await u.h.auth.signIn({ email: u.email, password: 'a brand new passphrase' });
    expect(outcome).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] });
  });
});

describe('recovery codes and removing the app', () => {
  it('regenerates the codes: the old ones stop working', async () => {
    const u = await userWithTotp();
    const { mfaToken } = await u.challenge();
    const session = await u.h.auth.mfa.verify({ mfaToken, code: u.code() });
    const payload = await u.h.auth.verifyAccessToken(session.accessToken);
    const { recoveryCodes } = await u.h.auth.mfa.regenerateRecoveryCodes(payload);
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(u.recoveryCodes[0]);
    await expectAuthError(
      u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, recoveryCode: u.recoveryCodes[0]! }),
      'MFA_CODE_INVALID',
    );
    await expect(
      u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, recoveryCode: recoveryCodes[0]! }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('removes the app and its recovery codes; the password alone signs in again', async () => {
    const u = await userWithTotp();
    const session = await u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, code: u.code() });
    const payload = await u.h.auth.verifyAccessToken(session.accessToken);
    await u.h.auth.mfa.disableTotp(payload);
    expect(await u.h.auth.mfa.status(u.userId)).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    expect(await u.h.auth.signIn({ email: u.email, password: PASSWORD })).toHaveProperty('accessToken');
    await expectAuthError(u.h.auth.mfa.disableTotp(payload), 'TOTP_NOT_FOUND');
    await expectAuthError(u.h.auth.mfa.regenerateRecoveryCodes(payload), 'MFA_NOT_ENABLED');
  });
});

describe('proving a second factor again (for re-authentication)', () => {
  it('answers otp for a right code, once, and MFA_CODE_INVALID for a wrong or reused one', async () => {
    const u = await userWithTotp();
    await expectAuthError(u.h.auth.mfa.confirmSecondFactor(u.userId, { code: u.code(7) }), 'MFA_CODE_INVALID');
    const code = u.code();
    expect(await u.h.auth.mfa.confirmSecondFactor(u.userId, { code })).toBe('otp');
    await expectAuthError(u.h.auth.mfa.confirmSecondFactor(u.userId, { code }), 'MFA_CODE_INVALID');
    await expectAuthError(u.h.auth.mfa.confirmSecondFactor(u.userId, { password: 'x' }), 'VALIDATION_FAILED');
  });

  it('re-authenticates with a code: a new access token of the same session, auth_time moved, amr otp', async () => {
    const u = await userWithTotp();
    const session = await u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, code: u.code() });
    const before = await u.h.auth.verifyAccessToken(session.accessToken);
    u.h.clock.advance(20 * 60);
    await expectAuthError(u.h.auth.reauthenticate(before, { code: '000000' }), 'MFA_CODE_INVALID');
    const { accessToken } = await u.h.auth.reauthenticate(before, { code: u.code() });
    const after = await u.h.auth.verifyAccessToken(accessToken);
    expect(after.sid).toBe(before.sid);
    expect(after.authTime).toBe(Math.floor(u.h.clock.now().getTime() / 1000));
    expect(after.amr).toEqual(['otp']);
  });
});

describe('notice mails', () => {
  it('tells the owner when an app is added or removed', async () => {
    const u = await userWithTotp();
    await u.h.waitForMail('totp-enabled', u.email);
    const session = await u.h.auth.mfa.verify({ mfaToken: (await u.challenge()).mfaToken, code: u.code() });
    await u.h.auth.mfa.disableTotp(await u.h.auth.verifyAccessToken(session.accessToken));
    const removed = await u.h.waitForMail('totp-disabled', u.email);
    expect(removed).toEqual({ kind: 'totp-disabled', to: u.email });
  });
});

import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

const NEW_PASSWORD = 'a brand new passphrase';
const DEVICE = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', clientAddress: '203.0.113.7' };

async function signedIn(email = 'owner@example.com', config = {}) {
  const h = createFlowHarness({ config });
  const { user } = await h.register({ email });
  const session = await h.auth.login({ email, password: PASSWORD }, DEVICE);
  const caller = await h.auth.verifyAccessToken(session.accessToken);
  return { h, user, session, caller, email };
}

describe('re-authentication', () => {
  it('answers a new access token for the same session with a fresh auth_time, kept by the next refresh', async () => {
    const { h, session, caller } = await signedIn();
    h.clock.advance(3600 * 2);
    const refreshed = await h.auth.refresh({ refreshToken: session.refreshToken });
    const stale = await h.auth.verifyAccessToken(refreshed.accessToken);
    expect(() => h.auth.assertRecentAuthentication(stale)).toThrow(expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED' }));

    const { accessToken } = await h.auth.reauthenticate(stale, { password: PASSWORD });
    const fresh = await h.auth.verifyAccessToken(accessToken);
    expect(fresh.sid).toBe(caller.sid);
    expect(fresh.authTime).toBe(Math.floor(h.clock.now().getTime() / 1000));
    expect(fresh.amr).toEqual(['pwd']);
    expect(() => h.auth.assertRecentAuthentication(fresh)).not.toThrow();

    h.clock.advance(60);
    const next = await h.auth.refresh({ refreshToken: refreshed.refreshToken });
    expect(decodeJwt(next.accessToken).auth_time).toBe(fresh.authTime);
  });

  it('refuses a wrong password with INVALID_CREDENTIALS and counts it like a failed login', async () => {
    const { h, caller, email } = await signedIn('guess@example.com', { rateLimit: { loginFailures: { limit: 2, windowSeconds: '15m' } } });
    await expectAuthError(h.auth.reauthenticate(caller, { password: 'wrong password 1' }, DEVICE), 'INVALID_CREDENTIALS');
    await expectAuthError(h.auth.reauthenticate(caller, { password: 'wrong password 2' }, DEVICE), 'INVALID_CREDENTIALS');
    await expectAuthError(h.auth.reauthenticate(caller, { password: PASSWORD }, DEVICE), 'RATE_LIMITED');
    // The same counter as the login form's.
    await expectAuthError(h.auth.login({ email, password: PASSWORD }, DEVICE), 'RATE_LIMITED');
  });

  it('refuses a session that has ended', async () => {
    const { h, session, caller } = await signedIn();
    await h.auth.logout({ refreshToken: session.refreshToken });
    await expectAuthError(h.auth.reauthenticate(caller, { password: PASSWORD }), 'TOKEN_INVALID');
  });
});

describe('change password', () => {
  it('changes the password, ends every other session, keeps the caller’s and mails a notice', async () => {
    const { h, user, session, caller, email } = await signedIn('change@example.com');
    const other = await h.auth.login({ email, password: PASSWORD });
    const body = { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect(await h.auth.changePassword(caller, body, DEVICE)).toEqual({
      message: 'Your password has been changed. Your other devices have been signed out.',
    });

    await expectAuthError(h.auth.verifyAccessToken(other.accessToken), 'TOKEN_INVALID');
    await expectAuthError(h.auth.refresh({ refreshToken: other.refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expect(h.auth.verifyAccessToken(session.accessToken)).resolves.toMatchObject({ id: user.id });
    await expect(h.auth.refresh({ refreshToken: session.refreshToken })).resolves.toHaveProperty('accessToken');
    await expectAuthError(h.auth.login({ email, password: PASSWORD }), 'INVALID_CREDENTIALS');
    await expect(h.auth.login({ email, password: NEW_PASSWORD })).resolves.toHaveProperty('accessToken');

    const notice = await h.waitForMail('password-changed', email);
    expect(notice.notice).toEqual({ at: h.clock.now(), userAgent: DEVICE.userAgent, ipAddress: '203.0.113.*' });
  });

  it('refuses a wrong current password (401), a mismatch (400) and a weak new password (400) without changing anything', async () => {
    const { h, caller, email } = await signedIn('refuse@example.com');
    await expectAuthError(
      h.auth.changePassword(caller, { currentPassword: 'not my password', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      'INVALID_CREDENTIALS',
    );
    await expectAuthError(
      h.auth.changePassword(caller, { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: 'something else' }),
      'PASSWORD_MISMATCH',
    );
    await expectAuthError(
      h.auth.changePassword(caller, { currentPassword: PASSWORD, password: 'short', confirmPassword: 'short' }),
      'VALIDATION_FAILED',
    );
    await expect(h.auth.login({ email, password: PASSWORD })).resolves.toHaveProperty('accessToken');
  });
});

describe('sessions per device', () => {
  it('lists the caller’s sessions with device, masked address and which one is current', async () => {
    const { h, caller, email } = await signedIn('devices@example.com');
    await h.auth.login({ email, password: PASSWORD }, { userAgent: 'curl/8.5.0', clientAddress: '2001:db8:1:2::9' });
    const { sessions } = await h.auth.listSessions(caller);
    expect(sessions).toHaveLength(3); // registration, the first login, the second login
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ id: caller.sid, userAgent: DEVICE.userAgent, ipAddress: '203.0.113.*' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.userAgent === 'curl/8.5.0')?.ipAddress).toBe('2001:db8:1:*');
  });

  it('ends one session by id, refusing its tokens at once; another user’s id is SESSION_NOT_FOUND', async () => {
    const { h, caller, email } = await signedIn('end-one@example.com');
    const phone = await h.auth.login({ email, password: PASSWORD });
    const phoneSid = decodeJwt(phone.accessToken).sid as string;

    const stranger = await h.auth.verifyAccessToken((await h.register({ email: 'stranger@example.com' })).accessToken);
    await expectAuthError(h.auth.endSession(stranger, phoneSid), 'SESSION_NOT_FOUND');
    await expectAuthError(h.auth.endSession(caller, 'no-such-session'), 'SESSION_NOT_FOUND');
    await expect(h.auth.verifyAccessToken(phone.accessToken)).resolves.toHaveProperty('sid', phoneSid);

    await h.auth.endSession(caller, phoneSid);
    await expectAuthError(h.auth.verifyAccessToken(phone.accessToken), 'TOKEN_INVALID');
    await expectAuthError(h.auth.refresh({ refreshToken: phone.refreshToken }), 'REFRESH_TOKEN_REUSED');
    await expectAuthError(h.auth.endSession(caller, phoneSid), 'SESSION_NOT_FOUND');
  });

  it('ends every session but the caller’s', async () => {
    const { h, session, caller, email } = await signedIn('end-others@example.com');
    const tablet = await h.auth.login({ email, password: PASSWORD });
    await h.auth.endOtherSessions(caller);
    await expectAuthError(h.auth.verifyAccessToken(tablet.accessToken), 'TOKEN_INVALID');
    await expect(h.auth.verifyAccessToken(session.accessToken)).resolves.toHaveProperty('sid', caller.sid);
    expect((await h.auth.listSessions(caller)).sessions.map((s) => s.id)).toEqual([caller.sid]);
  });
});

describe('account deletion', () => {
  it('needs a recent authentication, then deletes the account and refuses its tokens; the address can register again', async () => {
    const { h, session, caller, email } = await signedIn('leaving@example.com');
    h.clock.advance(601);
    await expectAuthError(h.auth.deleteAccount(caller, { password: PASSWORD }), 'REAUTHENTICATION_REQUIRED');
    const { accessToken } = await h.auth.reauthenticate(caller, { password: PASSWORD });
    const fresh = await h.auth.verifyAccessToken(accessToken);
    await expectAuthError(h.auth.deleteAccount(fresh, { password: 'not my password' }), 'INVALID_CREDENTIALS');

    await h.auth.deleteAccount(fresh, { password: PASSWORD });
    await expectAuthError(h.auth.verifyAccessToken(accessToken), 'TOKEN_INVALID');
    await expectAuthError(h.auth.verifyAccessToken(session.accessToken), 'TOKEN_INVALID');
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'TOKEN_INVALID');
    await expectAuthError(h.auth.login({ email, password: PASSWORD }), 'INVALID_CREDENTIALS');
    await expect(h.register({ email })).resolves.toHaveProperty('accessToken');
  });

  it('leaves no working token when a refresh of the account is in flight during the deletion', async () => {
    const { h, session, caller } = await signedIn('racing@example.com');
    const [refreshed] = await Promise.allSettled([
      h.auth.refresh({ refreshToken: session.refreshToken }),
      h.auth.deleteAccount(caller, { password: PASSWORD }),
    ]);
    expect(await h.store.users.findUserById(caller.id)).toBeNull();
    if (refreshed.status === 'fulfilled') {
      await expectAuthError(h.auth.verifyAccessToken(refreshed.value.accessToken), 'TOKEN_INVALID');
      await expectAuthError(h.auth.refresh({ refreshToken: refreshed.value.refreshToken }), 'TOKEN_INVALID');
    }
  });
});

describe('disabling an account', () => {
  async function withAdmin() {
    const h = createFlowHarness();
    const root = await h.auth.ensureSuperUser({ email: 'root@example.com', password: 'root passphrase here' });
    const { user: adminUser } = await h.register({ email: 'admin@example.com' });
    await h.auth.setRoles(root, adminUser.id, { roles: ['admin'] });
    const { user } = await h.register({ email: 'member@example.com' });
    const session = await h.auth.login({ email: 'member@example.com', password: PASSWORD });
    return { h, root, admin: adminUser, user, session };
  }

  it('disables: tokens refused, refresh and login refused with ACCOUNT_DISABLED; enabling lets it sign in again', async () => {
    const { h, admin, user, session } = await withAdmin();
    const profile = await h.auth.setAccountStatus(admin, user.id, { disabled: true });
    expect(profile.disabledAt).toBe(h.clock.now().toISOString());
    await expectAuthError(h.auth.verifyAccessToken(session.accessToken), 'TOKEN_INVALID');
    await expectAuthError(h.auth.refresh({ refreshToken: session.refreshToken }), 'ACCOUNT_DISABLED');
    await expectAuthError(h.auth.login({ email: 'member@example.com', password: PASSWORD }), 'ACCOUNT_DISABLED');

    h.clock.advance(2);
    expect((await h.auth.setAccountStatus(admin, user.id, { disabled: false })).disabledAt).toBeNull();
    const again = await h.auth.login({ email: 'member@example.com', password: PASSWORD });
    await expect(h.auth.verifyAccessToken(again.accessToken)).resolves.toHaveProperty('id', user.id);
  });

  it('refuses the reset link too: none is mailed while disabled, and one mailed before is refused', async () => {
    const { h, admin, user } = await withAdmin();
    await h.auth.forgotPassword({ email: 'member@example.com' });
    const { token } = await h.waitForMail('password-reset', 'member@example.com');
    await h.auth.setAccountStatus(admin, user.id, { disabled: true });
    await expectAuthError(
      h.auth.resetPassword({ token, password: 'a brand new secret', confirmPassword: 'a brand new secret' }),
      'ACCOUNT_DISABLED',
    );
    await expectAuthError(h.auth.login({ email: 'member@example.com', password: PASSWORD }), 'ACCOUNT_DISABLED');

    h.clock.advance(120);
    const lookup = vi.spyOn(h.store.users, 'findUserByEmail');
    await expect(h.auth.forgotPassword({ email: 'member@example.com' })).resolves.toHaveProperty('message');
    // The lookup has found the disabled account: that task ends there, with no token and no mail.
    await vi.waitFor(() =>
      expect(lookup.mock.settledResults).toEqual([{ type: 'fulfilled', value: expect.objectContaining({ id: user.id }) }]),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.mailer.mails.filter((m) => m.kind === 'password-reset')).toHaveLength(1);
  });

  it('lets only a super act on a super or an admin (status and sessions), and nobody disable themselves', async () => {
    const { h, root, admin } = await withAdmin();
    await expectAuthError(h.auth.setAccountStatus(admin, root.id, { disabled: true }), 'ROLE_GRANT_FORBIDDEN');
    await expectAuthError(h.auth.revokeUserSessions(admin, root.id), 'ROLE_GRANT_FORBIDDEN');
    await expectAuthError(h.auth.setAccountStatus(admin, admin.id, { disabled: true }), 'ROLE_GRANT_FORBIDDEN');
    await expectAuthError(h.auth.setAccountStatus(root, root.id, { disabled: true }), 'VALIDATION_FAILED');
    await expect(h.auth.setAccountStatus(root, admin.id, { disabled: true })).resolves.toHaveProperty('id', admin.id);
  });
});

describe('revocation across instances', () => {
  it('falls back to reading the store while the feed is down (Redis restarting): a dropped publish still arrives', async () => {
    // A feed whose connection is down: what it publishes is lost and it says it is not live.
    const downFeed = { publish: async () => {}, subscribe: () => () => {}, isLive: () => false };
    const first = createFlowHarness({ revocation: { feed: downFeed, pollIntervalMs: 50 } });
    const second = createFlowHarness({ store: first.store, clock: first.clock, revocation: { feed: downFeed, pollIntervalMs: 50 } });
    try {
      await first.register({ email: 'feed-down@example.com' });
      const phone = await first.auth.login({ email: 'feed-down@example.com', password: PASSWORD });
      const laptop = await first.auth.login({ email: 'feed-down@example.com', password: PASSWORD });
      await second.auth.verifyAccessToken(phone.accessToken);
      await first.auth.endOtherSessions(await first.auth.verifyAccessToken(laptop.accessToken));
      await expect
        .poll(
          () =>
            second.auth.verifyAccessToken(phone.accessToken).then(
              () => 'accepted',
              (e: { code?: string }) => e.code,
            ),
          { timeout: 1_000, interval: 20 },
        )
        .toBe('TOKEN_INVALID');
    } finally {
      first.auth.close();
      second.auth.close();
    }
  });

  it('refuses on a second instance sharing the store, within a second, a session ended on the first', async () => {
    const first = createFlowHarness({ revocation: { pollIntervalMs: 50 } });
    const second = createFlowHarness({ store: first.store, clock: first.clock, revocation: { pollIntervalMs: 50 } });
    try {
      await first.register({ email: 'two-instances@example.com' });
      const session = await first.auth.login({ email: 'two-instances@example.com', password: PASSWORD });
      const caller = await second.auth.verifyAccessToken(session.accessToken);
      const laptop = await first.auth.login({ email: 'two-instances@example.com', password: PASSWORD });
      await first.auth.endOtherSessions(await first.auth.verifyAccessToken(laptop.accessToken));
      await expect
        .poll(
          () =>
            second.auth.verifyAccessToken(session.accessToken).then(
              () => 'accepted',
              (e: { code?: string }) => e.code,
            ),
          { timeout: 1_000, interval: 20 },
        )
        .toBe('TOKEN_INVALID');
      expect(caller.sid).toBe(decodeJwt(session.accessToken).sid);
    } finally {
      first.auth.close();
      second.auth.close();
    }
  });
});

describe('e-mail change', () => {
  it('needs a recent authentication, tells the old address, and mails the new one', async () => {
    const { h, caller, email } = await signedIn('moving@example.com');
    await h.waitForMail('email-verification', email);
    h.clock.advance(601);
    await expectAuthError(h.auth.requestEmailChange(caller, { email: 'new-home@example.com' }), 'REAUTHENTICATION_REQUIRED');
    const fresh = await h.auth.verifyAccessToken((await h.auth.reauthenticate(caller, { password: PASSWORD })).accessToken);
    expect(await h.auth.requestEmailChange(fresh, { email: 'new-home@example.com' }, DEVICE)).toEqual({
      message: 'A confirmation link was sent to the new address.',
    });
    await h.waitForMail('email-verification', 'new-home@example.com');
    const notice = await h.waitForMail('email-change-requested', email);
    expect(notice).toMatchObject({ newEmail: 'n***@example.com', notice: { userAgent: DEVICE.userAgent, ipAddress: '203.0.113.*' } });
  });

  it('answers 409 for another account’s address, or the same 202 without any mail when addresses are concealed', async () => {
    const open = await signedIn('open@example.com');
    await open.h.register({ email: 'taken@example.com' });
    await expectAuthError(open.h.auth.requestEmailChange(open.caller, { email: 'taken@example.com' }), 'EMAIL_TAKEN');

    const hidden = await signedIn('hidden@example.com', { concealRegisteredEmails: true });
    await hidden.h.register({ email: 'taken2@example.com' });
    await hidden.h.waitForMail('email-verification', 'taken2@example.com');
    expect(await hidden.h.auth.requestEmailChange(hidden.caller, { email: 'taken2@example.com' })).toEqual({
      message: 'A confirmation link was sent to the new address.',
    });
    await hidden.h.auth.whenIdle();
    expect(hidden.h.mailer.mails.filter((m) => m.to === 'taken2@example.com')).toHaveLength(1);
    expect(hidden.h.mailer.mails.filter((m) => m.kind === 'email-change-requested')).toHaveLength(0);
  });

  it('limits address changes per account: the fourth within the hour is RATE_LIMITED', async () => {
    const { h, caller } = await signedIn('spammer@example.com');
    for (const n of [1, 2, 3]) await h.auth.requestEmailChange(caller, { email: `stranger${n}@example.com` });
    await expectAuthError(h.auth.requestEmailChange(caller, { email: 'stranger4@example.com' }), 'RATE_LIMITED');
  });
});

import { describe, expect, it } from 'vitest';
import { createFakeHasher } from '../testing/fake-hasher.js';
import { PASSWORD, createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

describe('login', () => {
  it('returns a token pair and the user summary', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ email: 'login@example.com' });
    const result = await h.auth.login({ email: 'login@example.com', password: PASSWORD });
    expect(result).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: { id: user.id, email: 'login@example.com', roles: [] },
    });
    expect(await h.auth.verifyAccessToken(result.accessToken)).toMatchObject({ id: user.id, email: 'login@example.com', roles: [] });
  });

  it('finds the account whatever the case and spacing of the e-mail', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'case@example.com' });
    await expect(h.auth.login({ email: ' CASE@Example.com ', password: PASSWORD })).resolves.toHaveProperty(
      'user.email',
      'case@example.com',
    );
  });

  it('records the time of the last login', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ email: 'last@example.com' });
    h.clock.advance(120);
    await h.auth.login({ email: 'last@example.com', password: PASSWORD });
    expect((await h.auth.getUserProfile(user.id)).lastLoginAt).toBe(h.clock.now().toISOString());
  });

  it('refuses a wrong password and an unknown e-mail alike with INVALID_CREDENTIALS', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'known@example.com' });
    const wrongPassword = await expectAuthError(
      h.auth.login({ email: 'known@example.com', password: 'not the password' }),
      'INVALID_CREDENTIALS',
    );
    const unknownEmail = await expectAuthError(h.auth.login({ email: 'unknown@example.com', password: PASSWORD }), 'INVALID_CREDENTIALS');
    expect(unknownEmail.message).toBe(wrongPassword.message);
    expect(unknownEmail.message).not.toContain('unknown@example.com');
  });

  it('spends one hash verify on an unknown e-mail, as on a known one', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'timing@example.com' });
    const before = h.hasher.verifyCalls;
    await expectAuthError(h.auth.login({ email: 'nobody@example.com', password: PASSWORD }), 'INVALID_CREDENTIALS');
    expect(h.hasher.verifyCalls).toBe(before + 1);
    await expectAuthError(h.auth.login({ email: 'timing@example.com', password: 'wrong password' }), 'INVALID_CREDENTIALS');
    expect(h.hasher.verifyCalls).toBe(before + 2);
  });

  it('refuses a missing password with VALIDATION_FAILED', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.login({ email: 'a@example.com' }), 'VALIDATION_FAILED');
  });

  it('lets an unverified account log in by default', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'unverified@example.com' });
    await expect(h.auth.login({ email: 'unverified@example.com', password: PASSWORD })).resolves.toHaveProperty('accessToken');
  });

  describe('when e-mail verification is required', () => {
    it('answers EMAIL_NOT_VERIFIED only to the right password', async () => {
      const h = createFlowHarness({ config: { requireEmailVerification: true } });
      await h.register({ email: 'strict@example.com' });
      await expectAuthError(h.auth.login({ email: 'strict@example.com', password: 'wrong password' }), 'INVALID_CREDENTIALS');
      await expectAuthError(h.auth.login({ email: 'strict@example.com', password: PASSWORD }), 'EMAIL_NOT_VERIFIED');
    });

    it('lets the account in once the address is confirmed', async () => {
      const h = createFlowHarness({ config: { requireEmailVerification: true } });
      await h.register({ email: 'confirmed@example.com' });
      const { token } = await h.waitForMail('email-verification', 'confirmed@example.com');
      await h.auth.verifyEmail({ token });
      await expect(h.auth.login({ email: 'confirmed@example.com', password: PASSWORD })).resolves.toHaveProperty('accessToken');
    });
  });

  describe('rehash', () => {
    it('re-hashes the password at login when the hasher asks for it', async () => {
      const old = createFlowHarness({ hasher: createFakeHasher(1) });
      await old.register({ email: 'rehash@example.com' });
      expect((await old.store.users.findUserByEmail('rehash@example.com'))!.passwordHash).toMatch(/^\$fake\$v=1\$/);

      const upgraded = createFlowHarness({ store: old.store, hasher: createFakeHasher(2), clock: old.clock });
      await upgraded.auth.login({ email: 'rehash@example.com', password: PASSWORD });
      const stored = await upgraded.store.users.findUserByEmail('rehash@example.com');
      expect(stored!.passwordHash).toBe(await createFakeHasher(2).hash(PASSWORD));
      // A re-hash is not a password change.
      expect(stored!.passwordChangedAt).toBeNull();
      await expect(upgraded.auth.login({ email: 'rehash@example.com', password: PASSWORD })).resolves.toHaveProperty('accessToken');
    });

    it('keeps the stored hash when the hasher is content with it', async () => {
      const h = createFlowHarness();
      await h.register({ email: 'keep@example.com' });
      const before = (await h.store.users.findUserByEmail('keep@example.com'))!.passwordHash;
      await h.auth.login({ email: 'keep@example.com', password: PASSWORD });
      expect((await h.store.users.findUserByEmail('keep@example.com'))!.passwordHash).toBe(before);
    });

    it('does not re-hash on a wrong password', async () => {
      const old = createFlowHarness({ hasher: createFakeHasher(1) });
      await old.register({ email: 'norehash@example.com' });
      const upgraded = createFlowHarness({ store: old.store, hasher: createFakeHasher(2) });
      await expectAuthError(upgraded.auth.login({ email: 'norehash@example.com', password: 'wrong password' }), 'INVALID_CREDENTIALS');
      expect((await old.store.users.findUserByEmail('norehash@example.com'))!.passwordHash).toMatch(/^\$fake\$v=1\$/);
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { AuthStore } from '../../ports/auth-store.js';
import { aOneTimeToken, aRefreshToken, aUser, at, comparable, type StoreUnderTest } from './store-fixtures.js';

const NOW = at(60_000);

/** A user with two refresh-token families, two reset tokens and a verification token, plus a bystander. */
async function seedResetScene(store: AuthStore) {
  // Non-zero token versions, so a store that ignores the stored value or resets it to 0 fails.
  const user = aUser({ passwordHash: '$old$', tokenVersion: 3 });
  const bystander = aUser({ tokenVersion: 3 });
  await store.users.createUser(user);
  await store.users.createUser(bystander);
  const refresh = [aRefreshToken(user.id), aRefreshToken(user.id)];
  const bystanderRefresh = aRefreshToken(bystander.id);
  for (const token of [...refresh, bystanderRefresh]) await store.refreshTokens.saveRefreshToken(token);
  const reset = aOneTimeToken(user.id, 'password-reset');
  const olderReset = aOneTimeToken(user.id, 'password-reset');
  const verification = aOneTimeToken(user.id, 'email-verification');
  const bystanderReset = aOneTimeToken(bystander.id, 'password-reset');
  for (const token of [reset, olderReset, verification, bystanderReset]) await store.oneTimeTokens.saveOneTimeToken(token);
  return { user, bystander, refresh, bystanderRefresh, reset, olderReset, verification, bystanderReset };
}

type Scene = Awaited<ReturnType<typeof seedResetScene>>;

/** Asserts that a refused reset left the user, its refresh tokens and its other reset token alone. */
async function expectNothingChanged(store: AuthStore, scene: Scene): Promise<void> {
  expect(comparable(await store.users.findUserById(scene.user.id))).toEqual(comparable(scene.user));
  expect(await store.oneTimeTokens.findActiveOneTimeToken(scene.olderReset.tokenHash, 'password-reset', NOW)).toEqual({
    userId: scene.user.id,
  });
  for (const token of scene.refresh) expect(await store.refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(true);
}

/** `AuthStore.completePasswordReset`: all of it or none of it. */
export function describePasswordResetContract(subject: StoreUnderTest): void {
  describe('AuthStore.completePasswordReset', () => {
    it('consumes the token and sets the new password with passwordChangedAt', async () => {
      const scene = await seedResetScene(subject.store());

      const done = await subject.store().completePasswordReset({ tokenHash: scene.reset.tokenHash, passwordHash: '$new$', now: NOW });
      expect(done).toEqual({ userId: scene.user.id });
      const user = await subject.store().users.findUserById(scene.user.id);
      expect(user?.passwordHash).toBe('$new$');
      expect(user?.passwordChangedAt?.getTime()).toBe(NOW.getTime());
      expect(user?.updatedAt.getTime()).toBe(NOW.getTime());
      expect(await subject.store().oneTimeTokens.findActiveOneTimeToken(scene.reset.tokenHash, 'password-reset', NOW)).toBeNull();
    });

    it("bumps the user's tokenVersion by one and no other user's", async () => {
      const scene = await seedResetScene(subject.store());

      await subject.store().completePasswordReset({ tokenHash: scene.reset.tokenHash, passwordHash: '$new$', now: NOW });
      expect((await subject.store().users.findUserById(scene.user.id))?.tokenVersion).toBe(4);
      expect((await subject.store().users.findUserById(scene.bystander.id))?.tokenVersion).toBe(3);
    });

    it('leaves tokenVersion alone when the reset is refused', async () => {
      const scene = await seedResetScene(subject.store());
      const expired = aOneTimeToken(scene.user.id, 'password-reset', { expiresAt: NOW });
      await subject.store().oneTimeTokens.saveOneTimeToken(expired);

      for (const tokenHash of ['e'.repeat(64), expired.tokenHash, scene.verification.tokenHash]) {
        expect(await subject.store().completePasswordReset({ tokenHash, passwordHash: '$new$', now: NOW })).toBeNull();
      }
      expect((await subject.store().users.findUserById(scene.user.id))?.tokenVersion).toBe(3);
    });

    it("revokes every refresh token of the user and none of another user's", async () => {
      const scene = await seedResetScene(subject.store());

      await subject.store().completePasswordReset({ tokenHash: scene.reset.tokenHash, passwordHash: '$new$', now: NOW });
      for (const token of scene.refresh)
        expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(scene.bystanderRefresh.jti, scene.bystanderRefresh.userId, NOW)).toBe(
        true,
      );
    });

    it("voids the user's other reset tokens but not its verification token or another user's reset token", async () => {
      const scene = await seedResetScene(subject.store());

      await subject.store().completePasswordReset({ tokenHash: scene.reset.tokenHash, passwordHash: '$new$', now: NOW });
      const tokens = subject.store().oneTimeTokens;
      expect(await tokens.consumeOneTimeToken(scene.olderReset.tokenHash, 'password-reset', NOW)).toBeNull();
      expect(await tokens.consumeOneTimeToken(scene.verification.tokenHash, 'email-verification', NOW)).toEqual({ userId: scene.user.id });
      expect(await tokens.consumeOneTimeToken(scene.bystanderReset.tokenHash, 'password-reset', NOW)).toEqual({
        userId: scene.bystander.id,
      });
      expect(comparable(await subject.store().users.findUserById(scene.bystander.id))).toEqual(comparable(scene.bystander));
    });

    it('answers null and changes nothing for an unknown token', async () => {
      const scene = await seedResetScene(subject.store());

      expect(await subject.store().completePasswordReset({ tokenHash: 'e'.repeat(64), passwordHash: '$new$', now: NOW })).toBeNull();
      await expectNothingChanged(subject.store(), scene);
    });

    it('answers null and changes nothing for a token hash containing a NUL byte', async () => {
      const scene = await seedResetScene(subject.store());

      const tokenHash = `${scene.reset.tokenHash}\u0000`;
      expect(await subject.store().completePasswordReset({ tokenHash, passwordHash: '$new$', now: NOW })).toBeNull();
      await expectNothingChanged(subject.store(), scene);
    });

    it('answers null and changes nothing for a token that was already used', async () => {
      const scene = await seedResetScene(subject.store());
      await subject.store().oneTimeTokens.consumeOneTimeToken(scene.reset.tokenHash, 'password-reset', at(1_000));

      expect(await subject.store().completePasswordReset({ tokenHash: scene.reset.tokenHash, passwordHash: '$new$', now: NOW })).toBeNull();
      await expectNothingChanged(subject.store(), scene);
    });

    it('answers null and changes nothing for an expired token', async () => {
      const scene = await seedResetScene(subject.store());
      const expired = aOneTimeToken(scene.user.id, 'password-reset', { expiresAt: NOW });
      await subject.store().oneTimeTokens.saveOneTimeToken(expired);

      expect(await subject.store().completePasswordReset({ tokenHash: expired.tokenHash, passwordHash: '$new$', now: NOW })).toBeNull();
      await expectNothingChanged(subject.store(), scene);
    });

    it('answers null and changes nothing for an e-mail verification token', async () => {
      const scene = await seedResetScene(subject.store());

      const input = { tokenHash: scene.verification.tokenHash, passwordHash: '$new$', now: NOW };
      expect(await subject.store().completePasswordReset(input)).toBeNull();
      expect(await subject.store().oneTimeTokens.findActiveOneTimeToken(scene.verification.tokenHash, 'email-verification', NOW)).toEqual({
        userId: scene.user.id,
      });
      await expectNothingChanged(subject.store(), scene);
    });

    it('completes a reset once when one token is presented ten times in parallel', async () => {
      const scene = await seedResetScene(subject.store());

      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          subject.store().completePasswordReset({ tokenHash: scene.reset.tokenHash, passwordHash: `$new-${i}$`, now: NOW }),
        ),
      );
      const winners = results.flatMap((result, i) => (result ? [i] : []));
      expect(winners).toHaveLength(1);
      const user = await subject.store().users.findUserById(scene.user.id);
      expect(user?.passwordHash).toBe(`$new-${winners[0]}$`);
      expect(user?.tokenVersion).toBe(4);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { at, aUser, seedUsers, type StoreUnderTest } from './store-fixtures.js';
import { describePasskeyAndChallengeContract } from './passkey-store-contract.js';

const hex = (fill: string) => fill.repeat(64).slice(0, 64);

/**
 * Authenticator-app factors and recovery codes (docs/mfa.md): a confirmed factor is never replaced
 * by a new enrollment, a time step is accepted once even under races, a recovery code is used once,
 * and a new set replaces the old. Passkeys and challenges follow in their own file.
 */
export function describeSecondFactorStoreContract(subject: StoreUnderTest): void {
  describe('TotpFactorStore', () => {
    it('keeps a pending factor until a step confirms it, then refuses that step and older ones', async () => {
      const [user] = await seedUsers(subject.store(), [aUser()]);
      const factors = subject.store().totpFactors;
      expect(await factors.savePendingTotpFactor({ userId: user!.id, secretCiphertext: 'v1.k.a.b', createdAt: at(0) })).toBe(true);
      expect(await factors.findTotpFactor(user!.id)).toEqual({
        userId: user!.id,
        secretCiphertext: 'v1.k.a.b',
        createdAt: at(0),
        confirmedAt: null,
        lastUsedStep: null,
      });
      expect(await factors.hasConfirmedTotpFactors()).toBe(false);

      // A pending factor does not sign anyone in: only the confirming call may use a step.
      expect(await factors.useTotpStep(user!.id, 100, at(1))).toBe(false);
      expect(await factors.useTotpStep(user!.id, 100, at(1), true)).toBe(true);
      expect(await factors.findTotpFactor(user!.id)).toMatchObject({ confirmedAt: at(1), lastUsedStep: 100 });
      expect(await factors.hasConfirmedTotpFactors()).toBe(true);

      expect(await factors.useTotpStep(user!.id, 100, at(2))).toBe(false);
      expect(await factors.useTotpStep(user!.id, 99, at(2))).toBe(false);
      expect(await factors.useTotpStep(user!.id, 101, at(2))).toBe(true);
      expect(await factors.findTotpFactor(user!.id)).toMatchObject({ confirmedAt: at(1), lastUsedStep: 101 });
    });

    it('replaces a pending factor but never a confirmed one', async () => {
      const [user] = await seedUsers(subject.store(), [aUser()]);
      const factors = subject.store().totpFactors;
      await factors.savePendingTotpFactor({ userId: user!.id, secretCiphertext: 'first', createdAt: at(0) });
      expect(await factors.savePendingTotpFactor({ userId: user!.id, secretCiphertext: 'second', createdAt: at(5) })).toBe(true);
      expect(await factors.findTotpFactor(user!.id)).toMatchObject({ secretCiphertext: 'second', createdAt: at(5) });

      await factors.useTotpStep(user!.id, 7, at(6), true);
      expect(await factors.savePendingTotpFactor({ userId: user!.id, secretCiphertext: 'third', createdAt: at(7) })).toBe(false);
      expect(await factors.findTotpFactor(user!.id)).toMatchObject({ secretCiphertext: 'second', lastUsedStep: 7 });
    });

    it('of parallel uses of one time step, exactly one succeeds', async () => {
      const [user] = await seedUsers(subject.store(), [aUser()]);
      const factors = subject.store().totpFactors;
      await factors.savePendingTotpFactor({ userId: user!.id, secretCiphertext: 'x', createdAt: at(0) });
      await factors.useTotpStep(user!.id, 1, at(1), true);

      const outcomes = await Promise.all(Array.from({ length: 6 }, () => factors.useTotpStep(user!.id, 2, at(2))));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });

    it('deletes a factor and answers nothing for an unknown user', async () => {
      const [user] = await seedUsers(subject.store(), [aUser()]);
      const factors = subject.store().totpFactors;
      await factors.savePendingTotpFactor({ userId: user!.id, secretCiphertext: 'x', createdAt: at(0) });
      expect(await factors.deleteTotpFactor(user!.id)).toBe(true);
      expect(await factors.deleteTotpFactor(user!.id)).toBe(false);
      expect(await factors.findTotpFactor(user!.id)).toBeNull();
      expect(await factors.findTotpFactor('no-such-user\u0000')).toBeNull();
      expect(await factors.useTotpStep(user!.id, 1, at(1), true)).toBe(false);
    });
  });

  describe('RecoveryCodeStore', () => {
    it('uses each code once, counts the ones left and keeps users apart', async () => {
      const [ada, bob] = await seedUsers(subject.store(), [aUser(), aUser()]);
      const codes = subject.store().recoveryCodes;
      await codes.replaceRecoveryCodes(ada!.id, [hex('a'), hex('b'), hex('c')], at(0));
      await codes.replaceRecoveryCodes(bob!.id, [hex('d')], at(0));

      expect(await codes.countRecoveryCodes(ada!.id)).toBe(3);
      expect(await codes.consumeRecoveryCode(ada!.id, hex('b'), at(1))).toBe(true);
      expect(await codes.consumeRecoveryCode(ada!.id, hex('b'), at(2))).toBe(false);
      expect(await codes.consumeRecoveryCode(ada!.id, hex('d'), at(2))).toBe(false);
      expect(await codes.consumeRecoveryCode(ada!.id, `${hex('a')}\u0000`, at(2))).toBe(false);
      expect(await codes.countRecoveryCodes(ada!.id)).toBe(2);
      expect(await codes.countRecoveryCodes(bob!.id)).toBe(1);
    });

    it('replaces the whole set: the old codes stop working', async () => {
      const [user] = await seedUsers(subject.store(), [aUser()]);
      const codes = subject.store().recoveryCodes;
      await codes.replaceRecoveryCodes(user!.id, [hex('a'), hex('b')], at(0));
      await codes.replaceRecoveryCodes(user!.id, [hex('e'), hex('f'), hex('9')], at(1));

      expect(await codes.consumeRecoveryCode(user!.id, hex('a'), at(2))).toBe(false);
      expect(await codes.countRecoveryCodes(user!.id)).toBe(3);
      await codes.deleteRecoveryCodes(user!.id);
      expect(await codes.countRecoveryCodes(user!.id)).toBe(0);
    });

    it('of parallel uses of one code, exactly one succeeds', async () => {
      const [user] = await seedUsers(subject.store(), [aUser()]);
      const codes = subject.store().recoveryCodes;
      await codes.replaceRecoveryCodes(user!.id, [hex('a')], at(0));
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => codes.consumeRecoveryCode(user!.id, hex('a'), at(1))));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });
  });

  describePasskeyAndChallengeContract(subject);
}

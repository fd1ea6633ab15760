import { describe, expect, it } from 'vitest';
import { aOneTimeToken, at, type StoreUnderTest } from './store-fixtures.js';

const NOW = at(60_000);

/** Lookup, single use, purpose, expiry and revocation of one-time tokens. */
export function describeOneTimeTokenStoreContract(subject: StoreUnderTest): void {
  describe('OneTimeTokenStore', () => {
    it('finds the owner of an active token without consuming it', async () => {
      const token = aOneTimeToken('user-1', 'email-verification');
      await subject.store().oneTimeTokens.saveOneTimeToken(token);

      const tokens = subject.store().oneTimeTokens;
      expect(await tokens.findActiveOneTimeToken(token.tokenHash, 'email-verification', NOW)).toEqual({ userId: 'user-1' });
      expect(await tokens.findActiveOneTimeToken(token.tokenHash, 'email-verification', NOW)).toEqual({ userId: 'user-1' });
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'email-verification', NOW)).toEqual({ userId: 'user-1' });
    });

    it('consumes a token once: afterwards it is neither found nor consumed', async () => {
      const token = aOneTimeToken('user-1', 'password-reset');
      await subject.store().oneTimeTokens.saveOneTimeToken(token);

      const tokens = subject.store().oneTimeTokens;
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'password-reset', NOW)).toEqual({ userId: 'user-1' });
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'password-reset', NOW)).toBeNull();
      expect(await tokens.findActiveOneTimeToken(token.tokenHash, 'password-reset', NOW)).toBeNull();
    });

    it('deletes consumed, voided and expired tokens and keeps the usable ones', async () => {
      const tokens = subject.store().oneTimeTokens;
      const usable = aOneTimeToken('user-1', 'password-reset');
      const consumed = aOneTimeToken('user-1', 'email-verification');
      const voided = aOneTimeToken('user-2', 'password-reset');
      const expired = aOneTimeToken('user-3', 'password-reset', { expiresAt: at(1_000) });
      for (const token of [usable, consumed, voided, expired]) await tokens.saveOneTimeToken(token);
      await tokens.consumeOneTimeToken(consumed.tokenHash, 'email-verification', at(500));
      await tokens.revokeOneTimeTokens('user-2', 'password-reset', at(500));

      expect(await tokens.deleteEndedOneTimeTokens(at(1_000))).toBe(3);
      expect(await tokens.findActiveOneTimeToken(usable.tokenHash, 'password-reset', at(1_000))).toMatchObject({ userId: 'user-1' });
      expect(await tokens.deleteEndedOneTimeTokens(at(1_000))).toBe(0);
    });

    it('answers null for an unknown token', async () => {
      await subject.store().oneTimeTokens.saveOneTimeToken(aOneTimeToken('user-1', 'password-reset'));

      const unknown = 'f'.repeat(64);
      expect(await subject.store().oneTimeTokens.findActiveOneTimeToken(unknown, 'password-reset', NOW)).toBeNull();
      expect(await subject.store().oneTimeTokens.consumeOneTimeToken(unknown, 'password-reset', NOW)).toBeNull();
    });

    it('treats a token hash or user id containing a NUL byte as unknown', async () => {
      const token = aOneTimeToken('user-1', 'password-reset');
      await subject.store().oneTimeTokens.saveOneTimeToken(token);
      const tokens = subject.store().oneTimeTokens;

      expect(await tokens.findActiveOneTimeToken(`${token.tokenHash}\u0000`, 'password-reset', NOW)).toBeNull();
      expect(await tokens.consumeOneTimeToken(`${token.tokenHash}\u0000`, 'password-reset', NOW)).toBeNull();
      await tokens.revokeOneTimeTokens('user-1\u0000', 'password-reset', at(1));
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'password-reset', NOW)).toEqual({ userId: 'user-1' });
    });

    it('refuses a token presented for another purpose and keeps it usable for its own', async () => {
      const token = aOneTimeToken('user-1', 'email-verification');
      await subject.store().oneTimeTokens.saveOneTimeToken(token);

      const tokens = subject.store().oneTimeTokens;
      expect(await tokens.findActiveOneTimeToken(token.tokenHash, 'password-reset', NOW)).toBeNull();
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'password-reset', NOW)).toBeNull();
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'email-verification', NOW)).toEqual({ userId: 'user-1' });
    });

    it('treats a token as expired from the instant now equals expiresAt', async () => {
      const token = aOneTimeToken('user-1', 'password-reset', { expiresAt: at(10_000) });
      await subject.store().oneTimeTokens.saveOneTimeToken(token);

      const tokens = subject.store().oneTimeTokens;
      expect(await tokens.findActiveOneTimeToken(token.tokenHash, 'password-reset', at(10_000))).toBeNull();
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'password-reset', at(10_000))).toBeNull();
      expect(await tokens.findActiveOneTimeToken(token.tokenHash, 'password-reset', at(9_999))).toEqual({ userId: 'user-1' });
      expect(await tokens.consumeOneTimeToken(token.tokenHash, 'password-reset', at(9_999))).toEqual({ userId: 'user-1' });
    });

    it('lets exactly one of ten parallel consumers of one token get the owner', async () => {
      const token = aOneTimeToken('user-1', 'email-verification');
      await subject.store().oneTimeTokens.saveOneTimeToken(token);

      const results = await Promise.all(
        Array.from({ length: 10 }, () => subject.store().oneTimeTokens.consumeOneTimeToken(token.tokenHash, 'email-verification', NOW)),
      );
      expect(results.filter((owner) => owner !== null)).toEqual([{ userId: 'user-1' }]);
    });

    it("revokes a user's unused tokens of one purpose only", async () => {
      const resetA = aOneTimeToken('user-1', 'password-reset');
      const resetB = aOneTimeToken('user-1', 'password-reset');
      const verification = aOneTimeToken('user-1', 'email-verification');
      const otherUser = aOneTimeToken('user-2', 'password-reset');
      for (const token of [resetA, resetB, verification, otherUser]) await subject.store().oneTimeTokens.saveOneTimeToken(token);

      await subject.store().oneTimeTokens.revokeOneTimeTokens('user-1', 'password-reset', at(30_000));

      const tokens = subject.store().oneTimeTokens;
      expect(await tokens.findActiveOneTimeToken(resetA.tokenHash, 'password-reset', NOW)).toBeNull();
      expect(await tokens.consumeOneTimeToken(resetB.tokenHash, 'password-reset', NOW)).toBeNull();
      expect(await tokens.consumeOneTimeToken(verification.tokenHash, 'email-verification', NOW)).toEqual({ userId: 'user-1' });
      expect(await tokens.consumeOneTimeToken(otherUser.tokenHash, 'password-reset', NOW)).toEqual({ userId: 'user-2' });
    });
  });
}

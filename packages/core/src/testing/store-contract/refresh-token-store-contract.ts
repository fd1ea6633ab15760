import { describe, expect, it } from 'vitest';
import { aRefreshToken, at, type StoreUnderTest } from './store-fixtures.js';

const NOW = at(60_000);

/** Single use, expiry and revocation of refresh tokens. */
export function describeRefreshTokenStoreContract(subject: StoreUnderTest): void {
  describe('RefreshTokenStore', () => {
    it('consumes a saved token once: the second attempt fails', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);

      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(true);
      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(false);
    });

    it('tells a revoked family from a live, a used or an unknown one', async () => {
      const live = aRefreshToken('user-1');
      const used = aRefreshToken('user-1');
      const revoked = aRefreshToken('user-1');
      for (const token of [live, used, revoked]) await subject.store().refreshTokens.saveRefreshToken(token);
      await subject.store().refreshTokens.consumeRefreshToken(used.jti, used.userId, NOW);
      await subject.store().refreshTokens.revokeRefreshTokenFamily(revoked.familyId, NOW);

      expect(await subject.store().refreshTokens.isRefreshTokenFamilyRevoked(live.familyId)).toBe(false);
      expect(await subject.store().refreshTokens.isRefreshTokenFamilyRevoked(used.familyId)).toBe(false);
      expect(await subject.store().refreshTokens.isRefreshTokenFamilyRevoked(revoked.familyId)).toBe(true);
      expect(await subject.store().refreshTokens.isRefreshTokenFamilyRevoked(globalThis.crypto.randomUUID())).toBe(false);
      expect(await subject.store().refreshTokens.isRefreshTokenFamilyRevoked('fam\u0000')).toBe(false);
      await subject.store().refreshTokens.revokeAllRefreshTokens('user-1', NOW);
      expect(await subject.store().refreshTokens.isRefreshTokenFamilyRevoked(live.familyId)).toBe(true);
    });

    it('refuses a token presented for another user than its stored owner, and leaves it usable by the owner', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);

      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, 'user-2', NOW)).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, 'user-1', NOW)).toBe(true);
    });

    it('deletes the tokens that expired before a given time, used or revoked or not, and no others', async () => {
      const tokens = subject.store().refreshTokens;
      const old = aRefreshToken('user-1', { expiresAt: at(10_000) });
      const oldRevoked = aRefreshToken('user-1', { expiresAt: at(9_000) });
      const live = aRefreshToken('user-1', { expiresAt: at(20_000) });
      for (const token of [old, oldRevoked, live]) await tokens.saveRefreshToken(token);
      await tokens.revokeRefreshTokenFamily(oldRevoked.familyId, at(1));

      expect(await tokens.deleteRefreshTokensExpiredBefore(at(10_000))).toBe(2);
      expect(await tokens.consumeRefreshToken(live.jti, live.userId, at(10_000))).toBe(true);
      expect(await tokens.deleteRefreshTokensExpiredBefore(at(10_000))).toBe(0);
    });

    it('tells when a used token was used, and nothing for an unused, revoked or foreign one', async () => {
      const tokens = subject.store().refreshTokens;
      const used = aRefreshToken('user-1');
      const unused = aRefreshToken('user-1');
      const revoked = aRefreshToken('user-1');
      for (const token of [used, unused, revoked]) await tokens.saveRefreshToken(token);
      await tokens.consumeRefreshToken(used.jti, used.userId, at(1_234));
      await tokens.consumeRefreshToken(revoked.jti, revoked.userId, at(1_234));
      await tokens.revokeRefreshTokenFamily(revoked.familyId, at(2_000));

      expect((await tokens.findRefreshTokenUse(used.jti, 'user-1'))?.getTime()).toBe(at(1_234).getTime());
      expect(await tokens.findRefreshTokenUse(used.jti, 'user-2')).toBeNull();
      expect(await tokens.findRefreshTokenUse(unused.jti, 'user-1')).toBeNull();
      expect(await tokens.findRefreshTokenUse(revoked.jti, 'user-1')).toBeNull();
      expect(await tokens.findRefreshTokenUse(`${used.jti}\u0000`, 'user-1')).toBeNull();
    });

    it('refuses an unknown jti', async () => {
      await subject.store().refreshTokens.saveRefreshToken(aRefreshToken('user-1'));

      expect(await subject.store().refreshTokens.consumeRefreshToken(globalThis.crypto.randomUUID(), 'user-1', NOW)).toBe(false);
    });

    it('treats a token as expired from the instant now equals expiresAt', async () => {
      const atExpiry = aRefreshToken('user-1', { expiresAt: at(10_000) });
      const justBefore = aRefreshToken('user-1', { expiresAt: at(10_000) });
      const longAgo = aRefreshToken('user-1', { issuedAt: at(-20_000), expiresAt: at(-10_000) });
      for (const token of [atExpiry, justBefore, longAgo]) await subject.store().refreshTokens.saveRefreshToken(token);

      expect(await subject.store().refreshTokens.consumeRefreshToken(atExpiry.jti, atExpiry.userId, at(10_000))).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(justBefore.jti, justBefore.userId, at(9_999))).toBe(true);
      expect(await subject.store().refreshTokens.consumeRefreshToken(longAgo.jti, longAgo.userId, NOW)).toBe(false);
    });

    it('lets exactly one of ten parallel consumers of one token win', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);

      const results = await Promise.all(
        Array.from({ length: 10 }, () => subject.store().refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('revokes one rotation family and leaves the other families usable', async () => {
      const family = globalThis.crypto.randomUUID();
      const inFamily = [aRefreshToken('user-1', { familyId: family }), aRefreshToken('user-1', { familyId: family })];
      const otherFamily = aRefreshToken('user-1');
      for (const token of [...inFamily, otherFamily]) await subject.store().refreshTokens.saveRefreshToken(token);

      await subject.store().refreshTokens.revokeRefreshTokenFamily(family, at(30_000));

      for (const token of inFamily)
        expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(otherFamily.jti, otherFamily.userId, NOW)).toBe(true);
    });

    it('revokes every token of one user and none of another user', async () => {
      const mine = [aRefreshToken('user-1'), aRefreshToken('user-1')];
      const theirs = aRefreshToken('user-2');
      for (const token of [...mine, theirs]) await subject.store().refreshTokens.saveRefreshToken(token);

      await subject.store().refreshTokens.revokeAllRefreshTokens('user-1', at(30_000));

      for (const token of mine) expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(theirs.jti, theirs.userId, NOW)).toBe(true);
    });

    it('treats a jti, family id or user id containing a NUL byte as unknown', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);
      const tokens = subject.store().refreshTokens;

      expect(await tokens.consumeRefreshToken(`${token.jti}\u0000`, token.userId, NOW)).toBe(false);
      await tokens.revokeRefreshTokenFamily(`${token.familyId}\u0000`, at(1));
      await tokens.revokeAllRefreshTokens('user-1\u0000', at(1));
      expect(await tokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(true);
    });

    it('accepts revoking a family or user that has no tokens', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);

      await subject.store().refreshTokens.revokeRefreshTokenFamily(globalThis.crypto.randomUUID(), at(1));
      await subject.store().refreshTokens.revokeAllRefreshTokens('nobody', at(1));
      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, token.userId, NOW)).toBe(true);
    });
  });
}

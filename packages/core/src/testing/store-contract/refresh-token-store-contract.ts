import { describe, expect, it } from 'vitest';
import { aRefreshToken, at, type StoreUnderTest } from './store-fixtures.js';

const NOW = at(60_000);

/** Single use, expiry and revocation of refresh tokens. */
export function describeRefreshTokenStoreContract(subject: StoreUnderTest): void {
  describe('RefreshTokenStore', () => {
    it('consumes a saved token once: the second attempt fails', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);

      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, NOW)).toBe(true);
      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, NOW)).toBe(false);
    });

    it('refuses an unknown jti', async () => {
      await subject.store().refreshTokens.saveRefreshToken(aRefreshToken('user-1'));

      expect(await subject.store().refreshTokens.consumeRefreshToken(globalThis.crypto.randomUUID(), NOW)).toBe(false);
    });

    it('treats a token as expired from the instant now equals expiresAt', async () => {
      const atExpiry = aRefreshToken('user-1', { expiresAt: at(10_000) });
      const justBefore = aRefreshToken('user-1', { expiresAt: at(10_000) });
      const longAgo = aRefreshToken('user-1', { issuedAt: at(-20_000), expiresAt: at(-10_000) });
      for (const token of [atExpiry, justBefore, longAgo]) await subject.store().refreshTokens.saveRefreshToken(token);

      expect(await subject.store().refreshTokens.consumeRefreshToken(atExpiry.jti, at(10_000))).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(justBefore.jti, at(9_999))).toBe(true);
      expect(await subject.store().refreshTokens.consumeRefreshToken(longAgo.jti, NOW)).toBe(false);
    });

    it('lets exactly one of ten parallel consumers of one token win', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);

      const results = await Promise.all(
        Array.from({ length: 10 }, () => subject.store().refreshTokens.consumeRefreshToken(token.jti, NOW)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('revokes one rotation family and leaves the other families usable', async () => {
      const family = globalThis.crypto.randomUUID();
      const inFamily = [aRefreshToken('user-1', { familyId: family }), aRefreshToken('user-1', { familyId: family })];
      const otherFamily = aRefreshToken('user-1');
      for (const token of [...inFamily, otherFamily]) await subject.store().refreshTokens.saveRefreshToken(token);

      await subject.store().refreshTokens.revokeRefreshTokenFamily(family, at(30_000));

      for (const token of inFamily) expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, NOW)).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(otherFamily.jti, NOW)).toBe(true);
    });

    it('revokes every token of one user and none of another user', async () => {
      const mine = [aRefreshToken('user-1'), aRefreshToken('user-1')];
      const theirs = aRefreshToken('user-2');
      for (const token of [...mine, theirs]) await subject.store().refreshTokens.saveRefreshToken(token);

      await subject.store().refreshTokens.revokeAllRefreshTokens('user-1', at(30_000));

      for (const token of mine) expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, NOW)).toBe(false);
      expect(await subject.store().refreshTokens.consumeRefreshToken(theirs.jti, NOW)).toBe(true);
    });

    it('treats a jti, family id or user id containing a NUL byte as unknown', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);
      const tokens = subject.store().refreshTokens;

      expect(await tokens.consumeRefreshToken(`${token.jti}\u0000`, NOW)).toBe(false);
      await tokens.revokeRefreshTokenFamily(`${token.familyId}\u0000`, at(1));
      await tokens.revokeAllRefreshTokens('user-1\u0000', at(1));
      expect(await tokens.consumeRefreshToken(token.jti, NOW)).toBe(true);
    });

    it('accepts revoking a family or user that has no tokens', async () => {
      const token = aRefreshToken('user-1');
      await subject.store().refreshTokens.saveRefreshToken(token);

      await subject.store().refreshTokens.revokeRefreshTokenFamily(globalThis.crypto.randomUUID(), at(1));
      await subject.store().refreshTokens.revokeAllRefreshTokens('nobody', at(1));
      expect(await subject.store().refreshTokens.consumeRefreshToken(token.jti, NOW)).toBe(true);
    });
  });
}

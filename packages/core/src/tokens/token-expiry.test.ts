import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.js';
import { ACCESS_TTL, CACHE_MODES, REFRESH_TTL, USER, atSecond, expectAuthError, tokenService } from './token-fixtures.test-helpers.js';

describe.each(CACHE_MODES)('%s', (mode) => {
  describe('strict token expiry', () => {
    it('accepts an access token until one second before exp', async () => {
      const clock = createFakeClock();
      const service = tokenService(0, 1, mode);
      const { token, exp } = await service.signAccessToken(USER, clock.now());
      clock.advance(ACCESS_TTL - 1);
      await expect(service.verifyAccessToken(token, clock.now())).resolves.toMatchObject({ id: USER.id, exp });
      // The last millisecond before exp is still before exp.
      await expect(service.verifyAccessToken(token, new Date(exp * 1000 - 1))).resolves.toMatchObject({ exp });
    });

    it('rejects an access token at exactly exp with TOKEN_EXPIRED (no leeway)', async () => {
      const clock = createFakeClock();
      const service = tokenService(0, 1, mode);
      const { token } = await service.signAccessToken(USER, clock.now());
      // Accepted (and, with the cache on, cached) first: the cache must not outlive exp.
      await expect(service.verifyAccessToken(token, clock.now())).resolves.toMatchObject({ id: USER.id });
      clock.advance(ACCESS_TTL);
      await expectAuthError(service.verifyAccessToken(token, clock.now()), 'TOKEN_EXPIRED');
    });

    it('rejects an access token after exp with TOKEN_EXPIRED', async () => {
      const clock = createFakeClock();
      const service = tokenService(0, 1, mode);
      const { token } = await service.signAccessToken(USER, clock.now());
      await expect(service.verifyAccessToken(token, clock.now())).resolves.toMatchObject({ id: USER.id });
      clock.advance(ACCESS_TTL + 1);
      await expectAuthError(service.verifyAccessToken(token, clock.now()), 'TOKEN_EXPIRED');
      clock.advance(30 * 86_400);
      await expectAuthError(service.verifyAccessToken(token, clock.now()), 'TOKEN_EXPIRED');
    });

    it('does not use the jitter as a tolerance: a jittered token expires at its own exp', async () => {
      const clock = createFakeClock();
      const service = tokenService(60, 5, mode);
      for (let i = 0; i < 20; i++) {
        const { token, exp } = await service.signAccessToken(USER, clock.now());
        await expect(service.verifyAccessToken(token, atSecond(exp - 1))).resolves.toMatchObject({ exp });
        await expectAuthError(service.verifyAccessToken(token, atSecond(exp)), 'TOKEN_EXPIRED');
      }
    });

    it('applies the same strict expiry to refresh tokens', async () => {
      const clock = createFakeClock();
      const service = tokenService(0, 1, mode);
      const { token, exp } = await service.signRefreshToken({ userId: USER.id, jti: 'j1', familyId: 'f1' }, clock.now());
      expect(exp).toBe(Math.floor(clock.now().getTime() / 1000) + REFRESH_TTL);
      await expect(service.verifyRefreshToken(token, atSecond(exp - 1))).resolves.toMatchObject({ jti: 'j1' });
      await expectAuthError(service.verifyRefreshToken(token, atSecond(exp)), 'TOKEN_EXPIRED');
      await expectAuthError(service.verifyRefreshToken(token, atSecond(exp + 3600)), 'TOKEN_EXPIRED');
    });
  });
});

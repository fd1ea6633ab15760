import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.js';
import { ACCESS_SECRET, ACCESS_TTL, CACHE_MODES, REFRESH_TTL, USER, epochSeconds, tokenService } from './token-fixtures.test-helpers.js';

const now = createFakeClock().now();
const iat = epochSeconds(now);

describe.each(CACHE_MODES)('%s', (mode) => {
  describe('token claims', () => {
    it('puts exactly id, sub (= id), email, roles, ver, email_verified, iat and exp into an access token', async () => {
      const { token } = await tokenService(0, 1, mode).signAccessToken(USER, now);
      expect(decodeJwt(token)).toEqual({
        id: USER.id,
        sub: USER.id,
        email: USER.email,
        roles: ['user', 'manager'],
        ver: 0,
        email_verified: false,
        iat,
        exp: iat + ACCESS_TTL,
      });
      // kid: the RFC 7638 thumbprint of the secret as an oct JWK, computed here without jose.
      const k = Buffer.from(ACCESS_SECRET).toString('base64url');
      const kid = createHash('sha256').update(`{"k":"${k}","kty":"oct"}`).digest('base64url');
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'at+jwt', kid });
    });

    it('signs email null for an account without an address and verifies it back as null', async () => {
      const service = tokenService(0, 1, mode);
      const { token } = await service.signAccessToken({ ...USER, email: null }, now);
      expect(decodeJwt(token).email).toBeNull();
      expect((await service.verifyAccessToken(token, now)).email).toBeNull();
    });

    it('puts exactly sub, jti, fam, ver, auth_time, iat and exp into a refresh token', async () => {
      const { token } = await tokenService(0, 1, mode).signRefreshToken({ userId: USER.id, jti: 'jti-1', familyId: 'fam-1' }, now);
      expect(decodeJwt(token)).toEqual({ sub: USER.id, jti: 'jti-1', fam: 'fam-1', ver: 0, auth_time: iat, iat, exp: iat + REFRESH_TTL });
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'rt+jwt' });
    });

    it('carries the user token version as ver, and reads a token without ver as version 0', async () => {
      const service = tokenService(0, 1, mode);
      const { token } = await service.signAccessToken({ ...USER, tokenVersion: 3 }, now);
      expect(decodeJwt(token).ver).toBe(3);
      expect((await service.verifyAccessToken(token, now)).ver).toBe(3);
    });

    it('returns the verified access payload with the same claims', async () => {
      const service = tokenService(0, 1, mode);
      const session = { sessionId: 'family-1', authTime: iat - 120, amr: ['pwd', 'otp', 'mfa'] };
      const { token } = await service.signAccessToken(USER, now, session);
      expect(await service.verifyAccessToken(token, now)).toEqual({
        id: USER.id,
        sub: USER.id,
        email: USER.email,
        roles: ['user', 'manager'],
        ver: 0,
        sid: 'family-1',
        authTime: iat - 120,
        amr: ['pwd', 'otp', 'mfa'],
        emailVerified: false,
        iat,
        exp: iat + ACCESS_TTL,
      });
    });

    it('reads a token of an earlier version (no sid, auth_time or amr) with an empty amr and no authTime', async () => {
      const service = tokenService(0, 1, mode);
      const { token } = await service.signAccessToken(USER, now);
      const payload = await service.verifyAccessToken(token, now);
      expect(payload.amr).toEqual([]);
      expect(payload).not.toHaveProperty('authTime');
      expect(payload).not.toHaveProperty('sid');
    });

    it('says email_verified only for a user whose address is confirmed, and reads a token without it as unconfirmed', async () => {
      const service = tokenService(0, 1, mode);
      const confirmed = await service.signAccessToken({ ...USER, isActive: true }, now);
      expect(decodeJwt(confirmed.token).email_verified).toBe(true);
      await expect(service.verifyAccessToken(confirmed.token, now)).resolves.toMatchObject({ emailVerified: true });
      const unconfirmed = await service.signAccessToken({ ...USER, isActive: false }, now);
      await expect(service.verifyAccessToken(unconfirmed.token, now)).resolves.toMatchObject({ emailVerified: false });
    });

    it('returns the verified refresh payload with the same claims', async () => {
      const service = tokenService(0, 1, mode);
      const { token } = await service.signRefreshToken({ userId: USER.id, jti: 'jti-1', familyId: 'fam-1' }, now);
      expect(await service.verifyRefreshToken(token, now)).toEqual({
        sub: USER.id,
        jti: 'jti-1',
        fam: 'fam-1',
        ver: 0,
        authTime: iat,
        iat,
        exp: iat + REFRESH_TTL,
      });
    });

    it('signs a user with no roles as an empty roles array', async () => {
      const service = tokenService(0, 1, mode);
      const { token } = await service.signAccessToken({ ...USER, roles: [] }, now);
      expect(decodeJwt(token).roles).toEqual([]);
      expect((await service.verifyAccessToken(token, now)).roles).toEqual([]);
    });
  });
});

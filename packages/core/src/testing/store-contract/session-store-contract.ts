import { describe, expect, it } from 'vitest';
import type { NewSession } from '../../ports/session-store.js';
import { aRefreshToken, aUser, at, type StoreUnderTest } from './store-fixtures.js';

const DEVICE: NewSession = {
  authTime: at(0),
  amr: ['pwd'],
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  ipAddress: '203.0.113.7',
};

/** `SessionStore`: sessions started with a refresh token, listed while live, re-authenticated, pruned. */
export function describeSessionStoreContract(subject: StoreUnderTest): void {
  describe('SessionStore', () => {
    async function signedIn(device: Partial<NewSession> = {}, issuedAt = at(0)) {
      const user = aUser();
      await subject.store().users.createUser(user);
      const token = aRefreshToken(user.id, { issuedAt, expiresAt: at(3_600_000), session: { ...DEVICE, ...device } });
      await subject.store().refreshTokens.saveRefreshToken(token);
      return { user, token };
    }

    it('records the session a first refresh token carries, with its device, and finds it by id and owner', async () => {
      const { user, token } = await signedIn({ amr: ['pwd', 'otp', 'mfa'] });
      expect(await subject.store().sessions.findSession(token.familyId, user.id, at(1_000))).toEqual({
        id: token.familyId,
        userId: user.id,
        createdAt: at(0),
        lastUsedAt: at(0),
        expiresAt: at(3_600_000),
        authTime: at(0),
        amr: ['pwd', 'otp', 'mfa'],
        userAgent: DEVICE.userAgent,
        ipAddress: DEVICE.ipAddress,
      });
    });

    it('records the session of a registration in the same step as the user', async () => {
      const user = aUser();
      const token = aRefreshToken(user.id, { session: { ...DEVICE, userAgent: null, ipAddress: null } });
      await subject.store().createUserWithRefreshToken(user, token);
      const [session] = await subject.store().sessions.listSessions(user.id, at(1));
      expect(session).toMatchObject({ id: token.familyId, userAgent: null, ipAddress: null });
    });

    it('finds no session of another user, and lists only the owner’s', async () => {
      const { token } = await signedIn();
      const { user: other, token: otherToken } = await signedIn();
      expect(await subject.store().sessions.findSession(token.familyId, other.id, at(1))).toBeNull();
      expect((await subject.store().sessions.listSessions(other.id, at(1))).map((s) => s.id)).toEqual([otherToken.familyId]);
    });

    it('ends a session when its family is revoked, or when it expires', async () => {
      const { user, token } = await signedIn();
      expect(await subject.store().sessions.findSession(token.familyId, user.id, at(3_599_999))).not.toBeNull();
      expect(await subject.store().sessions.findSession(token.familyId, user.id, at(3_600_000))).toBeNull();
      await subject.store().refreshTokens.revokeRefreshTokenFamily(token.familyId, at(10));
      expect(await subject.store().sessions.findSession(token.familyId, user.id, at(20))).toBeNull();
      expect(await subject.store().sessions.listSessions(user.id, at(20))).toEqual([]);
    });

    it('lists the most recently used session first and records each refresh', async () => {
      const user = aUser();
      await subject.store().users.createUser(user);
      const first = aRefreshToken(user.id, { issuedAt: at(0), session: DEVICE });
      const second = aRefreshToken(user.id, { issuedAt: at(1_000), session: DEVICE });
      await subject.store().refreshTokens.saveRefreshToken(first);
      await subject.store().refreshTokens.saveRefreshToken(second);
      expect((await subject.store().sessions.listSessions(user.id, at(2_000))).map((s) => s.id)).toEqual([second.familyId, first.familyId]);

      await subject.store().sessions.recordSessionUse(first.familyId, user.id, {
        at: at(5_000),
        expiresAt: at(7_200_000),
        userAgent: 'curl/8.5.0',
        ipAddress: '2001:db8::1',
      });
      const listed = await subject.store().sessions.listSessions(user.id, at(6_000));
      expect(listed.map((s) => s.id)).toEqual([first.familyId, second.familyId]);
      expect(listed[0]).toMatchObject({
        lastUsedAt: at(5_000),
        expiresAt: at(7_200_000),
        userAgent: 'curl/8.5.0',
        ipAddress: '2001:db8::1',
      });
      // A refresh is no new authentication.
      expect(listed[0]?.authTime).toEqual(at(0));
    });

    it('cuts a user agent longer than 512 characters', async () => {
      const { user, token } = await signedIn({ userAgent: 'A'.repeat(2_000) });
      expect((await subject.store().sessions.findSession(token.familyId, user.id, at(1)))?.userAgent).toBe('A'.repeat(512));
    });

    it('moves auth_time and amr of a live session on re-authentication, and of no other', async () => {
      const { user, token } = await signedIn();
      expect(await subject.store().sessions.recordReauthentication(token.familyId, user.id, at(60_000), ['pwd'], at(60_000))).toBe(true);
      expect(await subject.store().sessions.findSession(token.familyId, user.id, at(60_001))).toMatchObject({ authTime: at(60_000) });

      const { user: other } = await signedIn();
      expect(await subject.store().sessions.recordReauthentication(token.familyId, other.id, at(70_000), ['pwd'], at(70_000))).toBe(false);
      await subject.store().refreshTokens.revokeRefreshTokenFamily(token.familyId, at(80_000));
      expect(await subject.store().sessions.recordReauthentication(token.familyId, user.id, at(90_000), ['pwd'], at(90_000))).toBe(false);
    });

    it('deletes sessions that expired before a time and says how many', async () => {
      // Times before any other test's sessions expire: a shared test database may hold theirs.
      const user = aUser();
      await subject.store().users.createUser(user);
      const ended = aRefreshToken(user.id, { expiresAt: at(5_000), session: DEVICE });
      const live = aRefreshToken(user.id, { expiresAt: at(9_000_000), session: DEVICE });
      for (const token of [ended, live]) await subject.store().refreshTokens.saveRefreshToken(token);
      expect(await subject.store().sessions.deleteSessionsExpiredBefore(at(10_000))).toBe(1);
      expect((await subject.store().sessions.listSessions(user.id, at(1))).map((s) => s.id)).toEqual([live.familyId]);
      expect(await subject.store().sessions.deleteSessionsExpiredBefore(at(10_000))).toBe(0);
    });
  });
}

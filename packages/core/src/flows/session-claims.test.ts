import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { assertRecentAuthentication } from '../flow-kit/assert-recent-authentication.js';
import { PASSWORD, createFlowHarness } from './flow-harness.test-helpers.js';

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

async function signedIn(email = 'claims@example.com', config = {}) {
  const h = createFlowHarness({ config });
  const { user } = await h.register({ email });
  h.clock.advance(30);
  const session = await h.auth.login({ email, password: PASSWORD });
  return { h, user, session, loggedInAt: epoch(h.clock.now()) };
}

describe('session claims (CONTRACT §9 "Tokens")', () => {
  it('puts sid (the refresh-token family), auth_time and amr ["pwd"] into the access token of a login', async () => {
    const { h, session, loggedInAt } = await signedIn();
    const claims = decodeJwt(session.accessToken);
    expect(claims.sid).toBe(decodeJwt(session.refreshToken).fam);
    expect(claims.auth_time).toBe(loggedInAt);
    expect(claims.amr).toEqual(['pwd']);
    expect(await h.auth.verifyAccessToken(session.accessToken)).toMatchObject({
      sid: claims.sid,
      authTime: loggedInAt,
      amr: ['pwd'],
    });
  });

  it('gives the access token of a registration its own session with amr ["pwd"]', async () => {
    const h = createFlowHarness();
    const registered = await h.register({ email: 'fresh@example.com' });
    const claims = decodeJwt(registered.accessToken);
    expect(claims.sid).toBe(decodeJwt(registered.refreshToken).fam);
    expect(claims.auth_time).toBe(epoch(h.clock.now()));
    expect(claims.amr).toEqual(['pwd']);
  });

  it('keeps sid, auth_time and amr across refreshes: a refresh is no new authentication', async () => {
    const { h, session, loggedInAt } = await signedIn();
    h.clock.advance(600);
    const first = await h.auth.refresh({ refreshToken: session.refreshToken });
    h.clock.advance(600);
    const second = await h.auth.refresh({ refreshToken: first.refreshToken });
    const claims = decodeJwt(second.accessToken);
    expect(claims.sid).toBe(decodeJwt(session.accessToken).sid);
    expect(claims.auth_time).toBe(loggedInAt);
    expect(claims.amr).toEqual(['pwd']);
    expect(claims.iat).toBe(epoch(h.clock.now()));
  });

  it('gives two logins of one user two sessions', async () => {
    const { h, session } = await signedIn('two@example.com');
    const other = await h.auth.login({ email: 'two@example.com', password: PASSWORD });
    expect(decodeJwt(other.accessToken).sid).not.toBe(decodeJwt(session.accessToken).sid);
  });
});

describe('assertRecentAuthentication', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const at = epoch(now);

  it('accepts a token authenticated exactly maxAge seconds ago', () => {
    expect(() => assertRecentAuthentication({ authTime: at - 600 }, now, 600)).not.toThrow();
  });

  it('refuses a token authenticated one second too long ago with REAUTHENTICATION_REQUIRED', () => {
    expect(() => assertRecentAuthentication({ authTime: at - 601 }, now, 600)).toThrow(
      expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED' }),
    );
  });

  it('refuses a token without auth_time (an earlier version) and one far in the future', () => {
    expect(() => assertRecentAuthentication({}, now, 600)).toThrow(expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED' }));
    expect(() => assertRecentAuthentication({ authTime: at + 3600 }, now, 600)).toThrow(
      expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED' }),
    );
  });

  it('uses reauthMaxAge (REAUTH_MAX_AGE, default 10 minutes) through auth.assertRecentAuthentication', async () => {
    const { h, session } = await signedIn();
    const payload = await h.auth.verifyAccessToken(session.accessToken);
    h.clock.advance(600);
    expect(() => h.auth.assertRecentAuthentication(payload)).not.toThrow();
    h.clock.advance(1);
    expect(() => h.auth.assertRecentAuthentication(payload)).toThrow(
      expect.objectContaining({ code: 'REAUTHENTICATION_REQUIRED', status: 403 }),
    );
    expect(() => h.auth.assertRecentAuthentication(payload, 3600)).not.toThrow();
  });
});

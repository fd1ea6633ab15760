import type { Api, ServerUnderTest } from '@gatehousejs/http/testing';
import { describe, expect, it } from 'vitest';
import type { LocalOidcProvider } from './local-oidc-provider.js';
import type { OAuth2ProviderFake } from './oauth2-provider-fake.js';

interface TakeoverParts {
  api: Api;
  server: ServerUnderTest;
  oidc: LocalOidcProvider;
  facebook: OAuth2ProviderFake;
  /** A sign-in through `provider` in a fresh browser, traded for a session (status and body). */
  signInAndExchange(provider: string): Promise<{ status: number; body: any; error: string | null }>;
}

let sequence = 0;
const fresh = (tag: string) => `${tag}${++sequence}${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = 'correct horse battery staple';

/**
 * Pre-account takeover, end to end over HTTP (docs/social-sign-in.md, "Pre-account takeover"): an
 * attacker signs in first through a provider that does not verify addresses, with the victim's
 * address; whatever the victim then does to prove the address, the attacker's identity must not
 * reach the victim's account.
 */
export function describeTakeoverCases(parts: () => TakeoverParts): void {
  describe('pre-account takeover', () => {
    const linkFromMail = async (to: string, path: string) => {
      const { server } = parts();
      const mail = await server.waitForMail((m) => m.to.includes(to) && m.text.includes(`${path}?token=`));
      return new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
    };

    it('an address Facebook did not verify is not the account address: the victim registers it, and the attacker reaches only their own account', async () => {
      const { api, facebook, signInAndExchange } = parts();
      const victim = `${fresh('victim')}@example.com`;
      facebook.signInAs({ id: fresh('fb'), login: 'attacker', name: 'Attacker', email: victim, verified: false });
      const attacker = await signInAndExchange('facebook');
      expect(attacker.status).toBe(200);
      expect(attacker.body).toMatchObject({ user: { email: null }, isNewUser: true });
      const identities = await api('GET', '/api/v1/users/me/identities', { token: attacker.body.accessToken });
      expect(identities.body.identities).toMatchObject([{ provider: 'facebook', email: victim, emailVerified: false }]);

      const registered = await api('POST', '/api/v1/auth/register', {
        body: { firstName: 'Vic', lastName: 'Tim', username: fresh('vic'), email: victim, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(registered.status).toBe(201);
      expect((await api('GET', `/api/v1/auth/verify-email?token=${await linkFromMail(victim, 'verify-email')}`)).status).toBe(200);

      const again = await signInAndExchange('facebook');
      expect(again.body).toMatchObject({ user: { id: attacker.body.user.id, email: null }, isNewUser: false });
      expect(again.body.user.id).not.toBe(registered.body.user.id);
    });

    it('the victim proves the address by confirming and then resetting the password: the identity linked without proof ends', async () => {
      const { api, oidc, signInAndExchange } = parts();
      const victim = `${fresh('victim')}@example.com`;
      const sub = fresh('attacker-sub-');
      oidc.signInAs({ sub, email: victim, email_verified: false, name: 'Attacker' });
      const attacker = await signInAndExchange('oidc');
      expect(attacker.body).toMatchObject({ user: { email: null }, isNewUser: true });

      // The attacker asks to use the victim's address; the victim follows the link it sends.
      const asked = await api('PUT', '/api/v1/users/me/email', { token: attacker.body.accessToken, body: { email: victim } });
      expect(asked.status).toBe(202);
      expect((await api('GET', `/api/v1/auth/verify-email?token=${await linkFromMail(victim, 'verify-email')}`)).status).toBe(200);

      // A provider that verified the victim's address does not link into that account by e-mail.
      oidc.signInAs({ sub: fresh('victim-sub-'), email: victim, email_verified: true, name: 'Victim' });
      expect((await signInAndExchange('oidc')).error).toBe('account_exists');

      // The victim registers, is told the address is taken, and resets the password.
      const registered = await api('POST', '/api/v1/auth/register', {
        body: { firstName: 'Vic', lastName: 'Tim', username: fresh('vic'), email: victim, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(registered.status).toBe(409);
      expect((await api('POST', '/api/v1/auth/forgot-password', { body: { email: victim } })).status).toBe(200);
      const token = await linkFromMail(victim, 'reset-password');
      const reset = await api('POST', '/api/v1/auth/reset-password', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(reset.status).toBe(200);
      const login = await api('POST', '/api/v1/auth/login', { body: { email: victim, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect(login.body.user.id).toBe(attacker.body.user.id);
      expect((await api('GET', '/api/v1/users/me/identities', { token: login.body.accessToken })).body).toEqual({ identities: [] });

      // The attacker's provider account no longer reaches it: its unverified address cannot link either.
      oidc.signInAs({ sub, email: victim, email_verified: false, name: 'Attacker' });
      const after = await signInAndExchange('oidc');
      expect([after.error, after.status]).toEqual(['account_exists', 0]);
    });

    it('a look-alike address verified by the provider (full-width letters) never links to the ASCII account', async () => {
      const { api, oidc, signInAndExchange } = parts();
      const local = fresh('ascii');
      const email = `${local}@example.com`;
      const registered = await api('POST', '/api/v1/auth/register', {
        body: { firstName: 'As', lastName: 'Cii', username: fresh('asc'), email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect((await api('GET', `/api/v1/auth/verify-email?token=${await linkFromMail(email, 'verify-email')}`)).status).toBe(200);
      const fullWidth = [...local].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
      oidc.signInAs({ sub: fresh('fw-'), email: `${fullWidth}@example.com`, email_verified: true, name: 'Look Alike' });
      const result = await signInAndExchange('oidc');
      expect(result.status).toBe(200);
      expect(result.body.user.id).not.toBe(registered.body.user.id);
      expect(result.body.user.email).not.toBe(email);
    });
  });
}

import type { CreateListener } from '@gatehousejs/example-server-kit';
import type { LocalOidcProvider } from '@gatehousejs/example-server-kit/testing';
import { startLocalOidcProvider } from '@gatehousejs/example-server-kit/testing';
import type { ServerUnderTest } from '@gatehousejs/http/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, browserSession, expectText, readmeScreenshot, screenshotOnFailure } from './browser.js';
import { startDemoServer } from './demo-server.js';

// Social sign-in in the demo app, clicked through in headless Chromium: the generic `oidc` provider
// (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET) against panva's certified oidc-provider on a
// loopback port, whose login and consent pages the browser fills in. The page does the exchange.
// Written once, run on the Express example (social-sign-in.test.ts here) and on the Hono example.

const PROVIDER_NAME = 'Local IdP';
const LAST_WAY_IN = 'This is the last way to sign in to the account: set a password or link another provider first.';

/**
 * Social sign-in through the demo page against the example `createListener` builds. With
 * `screenshots`, `GATEHOUSE_UPDATE_SCREENSHOTS=1` saves the README's image from this run.
 */
export function describeSocialSignIn(framework: string, createListener: CreateListener, { screenshots }: { screenshots: boolean }): void {
  const screenshot = screenshots ? readmeScreenshot : async () => {};
  const chromiumCheck = browserPlan();
  if (chromiumCheck.missing && chromiumCheck.required) {
    describe(`social sign-in in the demo app on ${framework}, in headless Chromium`, () => {
      it('finds Chromium, as GATEHOUSE_REQUIRE_BROWSER=1 demands', () => expect.fail(chromiumCheck.missing));
    });
  }

  describe.skipIf(chromiumCheck.missing !== undefined)(
    `social sign-in in the demo app on ${framework}, in headless Chromium`,
    { timeout: 60_000 },
    () => {
      let server: ServerUnderTest;
      let idp: LocalOidcProvider;
      let base: string;

      const session = browserSession(() =>
        startDemoServer(async (port) => {
          const provider = await startLocalOidcProvider({
            redirectUris: [`http://127.0.0.1:${port}/api/v1/auth/oauth/oidc/callback`],
            interactive: { name: PROVIDER_NAME },
          });
          idp = provider;
          return {
            env: {
              OIDC_ISSUER: provider.issuer,
              OIDC_CLIENT_ID: provider.clientId,
              OIDC_CLIENT_SECRET: provider.clientSecret,
              OIDC_NAME: PROVIDER_NAME,
              // The local provider speaks plain http on loopback.
              OAUTH_ALLOW_INSECURE_PROVIDERS: 'true',
            },
            undo: () => provider.close(),
          };
        }, createListener),
      );
      const { newPerson } = session;
      beforeAll(() => {
        server = session.server;
        base = server.baseUrl;
      });
      afterAll(async () => {
        await idp?.close();
      });

      /** At the provider: types the username on its login page and continues to the consent page. */
      async function logInAtProvider(page: Page, username: string): Promise<void> {
        await page.getByRole('heading', { name: `Sign in to ${PROVIDER_NAME}` }).waitFor();
        expect(new URL(page.url()).origin).toBe(idp.issuer);
        await page.getByLabel('Username').fill(username);
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
      }

      /** Back on the demo page: the one-time code (or outcome) has left the address bar. */
      async function backOnDemoPage(page: Page): Promise<void> {
        await page.waitForURL(`${base}/`);
        expect(new URL(page.url()).search).toBe('');
      }

      it('login CSRF: the demo page opened with a code it did not ask for exchanges nothing and says so', async () => {
        const app = await newPerson();
        screenshotOnFailure('foreign exchange code', () => ({ app }));
        const exchanges: string[] = [];
        app.on('request', (request) => {
          if (request.url().endsWith('/api/v1/auth/oauth/exchange')) exchanges.push(request.method());
        });
        await app.goto(`${base}/?code=${'A'.repeat(43)}`);
        await expectText(app.locator('#notice'), 'This page did not start that sign-in, so it was ignored.');
        expect(new URL(app.url()).search).toBe('');
        expect(exchanges).toEqual([]);
        await app.locator('#login-form').waitFor({ state: 'visible' });
      });

      it('signs in with the provider from the demo page, shows the profile and the linked identity, and refuses to unlink the last way in', async () => {
        const claims = { sub: 'lin-0001', preferred_username: 'lin', name: 'Lin Clarke', email: 'lin@example.com', email_verified: true };
        idp.signInAs(claims);
        const app = await newPerson();
        screenshotOnFailure('social sign-in', () => ({ app }));

        await app.goto(`${base}/`);
        await app.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
        await logInAtProvider(app, 'lin');

        // Deny at the provider: the callback sends the browser back with ?error=access_denied.
        await app.getByRole('button', { name: 'Deny' }).click();
        await backOnDemoPage(app);
        await expectText(app.locator('#notice'), 'Sign-in with the provider was cancelled or refused.');
        // The signed-out view follows once the page's resume on load (cookie mode) has found no session.
        await app.locator('#login-form').waitFor({ state: 'visible' });

        // Again, and allow: the provider remembers the login and asks only for consent.
        await app.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
        await app.getByRole('heading', { name: 'Allow access?' }).waitFor();
        const exchanged = app.waitForResponse(
          (response) => response.url().endsWith('/api/v1/auth/oauth/exchange') && response.request().method() === 'POST',
        );
        await app.getByRole('button', { name: 'Allow' }).click();
        expect((await exchanged).status()).toBe(200);
        await backOnDemoPage(app);
        await expectText(app.locator('#notice'), 'Welcome! Your account was created with your provider account.');
        await expectText(app.locator('#profile-title'), 'Hello, Lin Clarke');
        await expectText(app.locator('#profile-email'), claims.email);
        await expectText(app.locator('#profile-username'), 'lin');
        // The provider verified the address: the account is confirmed at once.
        await expectText(app.locator('#profile-confirmed'), 'Yes');
        const identity = app.locator('#identity-list li[data-provider="oidc"]');
        await expectText(identity, PROVIDER_NAME);
        await expectText(identity, `Lin Clarke · ${claims.email}`);

        // No password and no other provider: the API refuses with 409, and the page says why.
        const refused = app.waitForResponse(
          (response) => response.url().endsWith('/api/v1/users/me/identities/oidc') && response.request().method() === 'DELETE',
        );
        await identity.getByRole('button', { name: 'Unlink' }).click();
        expect((await refused).status()).toBe(409);
        await expectText(app.locator('#notice'), LAST_WAY_IN);
        expect(await app.locator('#notice').getAttribute('class')).toContain('error');
        await expectText(app.locator('#identity-list'), PROVIDER_NAME);
        await screenshot(app, 'demo-app-social');

        // The session is the page's own: a reload resumes it from the refresh token.
        await app.reload();
        await expectText(app.locator('#profile-title'), 'Hello, Lin Clarke');
      });

      it('links the provider to a password account, signs in with it, and unlinks it again', async () => {
        const person = {
          firstName: 'Mary',
          lastName: 'Somerville',
          username: 'mary',
          email: 'mary@example.com',
          password: 'connexion of sciences 1834',
        };
        const registered = await fetch(`${base}/api/v1/auth/register`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...person, confirmPassword: person.password }),
        });
        expect(registered.status).toBe(201);
        // At the provider she has another address: linking is explicit, never by e-mail.
        idp.signInAs({
          sub: 'mary-0002',
          preferred_username: 'msomerville',
          name: 'Mary S.',
          email: 'mary.s@idp.example',
          email_verified: true,
        });
        const app = await newPerson();
        screenshotOnFailure('social link', () => ({ app }));

        await app.goto(`${base}/`);
        const form = app.locator('#login-form');
        await form.getByLabel('E-mail').fill(person.email);
        await form.getByLabel('Password').fill(person.password);
        await form.getByRole('button', { name: 'Log in' }).click();
        await expectText(app.locator('#profile-title'), 'Hello, Mary');
        await expectText(app.locator('#no-identities'), 'No provider is linked to your account.');

        await app.getByRole('button', { name: `Link ${PROVIDER_NAME}` }).click();
        await logInAtProvider(app, 'msomerville');
        await app.getByRole('button', { name: 'Allow' }).click();
        await backOnDemoPage(app);
        await expectText(app.locator('#notice'), `${PROVIDER_NAME} is linked to your account.`);
        const identity = app.locator('#identity-list li[data-provider="oidc"]');
        await expectText(identity, 'Mary S. · mary.s@idp.example');
        expect(await app.getByRole('button', { name: `Link ${PROVIDER_NAME}` }).count()).toBe(0);

        // Log out, then sign in with the provider alone: the same account, not a new one.
        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await expectText(app.locator('#notice'), 'You are logged out.');
        await app.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
        await backOnDemoPage(app);
        await expectText(app.locator('#notice'), 'You are signed in.');
        await expectText(app.locator('#profile-email'), person.email);

        // She has a password, so the provider is not the last way in: unlinking works.
        await identity.getByRole('button', { name: 'Unlink' }).click();
        await expectText(app.locator('#notice'), `${PROVIDER_NAME} is unlinked from your account.`);
        await expectText(app.locator('#no-identities'), 'No provider is linked to your account.');
        expect(await app.locator('#identity-list li').count()).toBe(0);
      });
    },
  );
}

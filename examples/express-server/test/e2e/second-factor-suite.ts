import type { CreateListener } from '@gatehousejs/example-server-kit';
import { totpNow } from '@gatehousejs/http/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, browserSession, expectText, screenshotOnFailure } from './browser.js';
import { startDemoServer } from './demo-server.js';
import { expectSignedIn, logIn, movableClock, registerByApi, type Person } from './demo-steps.js';

// Second factors and passkeys in the demo app (issue 23, CONTRACT §9), in headless Chromium against
// an example started in-process: an authenticator app set up from the page (the test computes the
// codes from the key the page shows, RFC 6238), and passkeys made and used by Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain): a real browser as the WebAuthn client.
// The page is opened at http://localhost:<port>: WebAuthn needs a domain as relying party (not an
// IP address) and a secure context, which localhost is. Written once, run on every example.

const person = (name: string, framework: string): Person => ({
  firstName: name,
  lastName: 'Example',
  username: `${name.toLowerCase()}-${framework}`,
  email: `${name.toLowerCase()}.${framework}@example.com`,
  password: `${name} keeps a long passphrase 1906`,
});

/**
 * An authenticator with resident keys in this page's browser tab: by default a platform one with
 * user verification, as a laptop's fingerprint reader is; with `userVerification: false` a security
 * key without PIN or biometrics, whose answers say UV=0
 * (https://chromedevtools.github.io/devtools-protocol/tot/WebAuthn/).
 */
async function addVirtualAuthenticator(page: Page, { userVerification = true } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: userVerification,
      isUserVerified: userVerification,
    },
  });
}

/**
 * Chromium's virtual authenticator answers a conditional (autofill) request at once with its
 * passkey, as no person is there to choose. To try the other ways in, the test holds the options
 * request of the autofill that the sign-in page starts (the one without an address) as a slow
 * network would, so the person's click comes first; the page then drops the autofill. Returns the release.
 */
async function holdPasskeyAutofill(page: Page): Promise<() => Promise<void>> {
  const url = '**/api/v1/auth/passkey/options';
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let aborted: Promise<void> | undefined;
  await page.route(url, async (route) => {
    if (aborted || route.request().postData()?.includes('email')) return route.continue();
    aborted = released.then(() => route.abort());
    await aborted;
  });
  return async () => {
    release();
    await aborted;
    await page.unroute(url);
  };
}

/** The demo's second factors on the example `createListener` builds. */
export function describeSecondFactors(framework: string, createListener: CreateListener): void {
  const chromiumCheck = browserPlan();
  if (chromiumCheck.missing && chromiumCheck.required) {
    describe(`second factors and passkeys on ${framework} in headless Chromium`, () => {
      it('finds Chromium, as GATEHOUSE_REQUIRE_BROWSER=1 demands', () => expect.fail(chromiumCheck.missing));
    });
  }

  describe.skipIf(chromiumCheck.missing !== undefined)(
    `second factors and passkeys on ${framework} in headless Chromium`,
    { timeout: 60_000 },
    () => {
      // Real time, moved ahead to the next TOTP step (a code counts once) or past REAUTH_MAX_AGE.
      const clock = movableClock();
      const session = browserSession(() =>
        startDemoServer(
          async (port) => ({
            env: { APP_URL: `http://localhost:${port}`, MFA_ENCRYPTION_KEY: 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=' },
          }),
          createListener,
          { clock },
        ),
      );
      const tag = framework.toLowerCase().replace(/[^a-z]+/g, '');
      let base: string;
      beforeAll(() => {
        base = session.server.baseUrl.replace('127.0.0.1', 'localhost');
      });

      async function signedIn(who: Person, app?: Page): Promise<Page> {
        app ??= await session.newPerson();
        await app.goto(`${base}/`);
        await logIn(app, who.email, who.password);
        await expectSignedIn(app, who.firstName);
        return app;
      }

      /** The code of the key the page showed, at the server's time, one step after the last one used. */
      function nextCode(secret: string): string {
        clock.advance(30);
        return totpNow(secret, 0, clock.now().getTime());
      }

      it('sets up an authenticator app from its QR code, then signs in with a code and with a recovery code', async () => {
        const ada = person('Ada', tag);
        await registerByApi(base, ada);
        const app = await signedIn(ada);
        screenshotOnFailure('authenticator app', () => ({ app }));
        await expectText(app.locator('#totp-status'), 'Off.');

        await app.getByRole('button', { name: 'Set up an authenticator app' }).click();
        const qr = app.getByRole('img', { name: "QR code of the authenticator app's setup key" });
        await qr.waitFor();
        expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
        // The SVG drew: the browser decoded the image under the page's policy (img-src data:).
        await expect
          .poll(() => qr.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        const secret = (await app.locator('#totp-secret').textContent()) ?? '';
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);

        const enrol = app.locator('#totp-enrol-form');
        await enrol.getByLabel('Code from the app').fill(nextCode(secret));
        await enrol.getByRole('button', { name: 'Turn on' }).click();
        await expectText(app.locator('#notice'), 'The authenticator app is on');
        const codes = (await app.locator('#recovery-code-list li').allTextContents()).map((code) => code.trim());
        expect(codes).toHaveLength(10);
        await expectText(app.locator('#totp-status'), 'On. 10 recovery codes left.');
        await app.getByRole('button', { name: 'I saved them' }).click();
        expect(await app.locator('#recovery-codes').isHidden()).toBe(true);

        // The second step: a code of the app.
        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await logIn(app, ada.email, ada.password);
        const step = app.locator('#mfa-form');
        await step.getByLabel('Code from your authenticator app').waitFor();
        await step.getByLabel('Code from your authenticator app').fill('000000');
        await step.getByRole('button', { name: 'Continue' }).click();
        await expectText(app.locator('#notice'), 'The code is wrong, has expired or was already used.');
        await step.getByLabel('Code from your authenticator app').fill(nextCode(secret));
        await step.getByRole('button', { name: 'Continue' }).click();
        await expectSignedIn(app, 'Ada');

        // Or a recovery code, once.
        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await logIn(app, ada.email, ada.password);
        await step.getByLabel('Or a recovery code').fill(codes[0]!);
        await step.getByRole('button', { name: 'Continue' }).click();
        await expectSignedIn(app, 'Ada');
        await expectText(app.locator('#totp-status'), 'On. 9 recovery codes left.');

        await app.getByRole('button', { name: 'New recovery codes' }).click();
        await expectText(app.locator('#notice'), 'New recovery codes');
        await expectText(app.locator('#totp-status'), 'On. 10 recovery codes left.');
        const renewed = (await app.locator('#recovery-code-list li').allTextContents()).map((code) => code.trim());
        expect(renewed).toHaveLength(10);
        expect(renewed).not.toContain(codes[1]);

        // Turning it off an hour later asks who it is first: a code of the app answers.
        clock.advance(60 * 60);
        await app.getByRole('button', { name: 'Turn off' }).click();
        const dialog = app.getByRole('dialog', { name: 'Confirm it is you' });
        await dialog.getByLabel('Or a code from your authenticator app').fill(nextCode(secret));
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expectText(app.locator('#notice'), 'The authenticator app is off');
        await expectText(app.locator('#totp-status'), 'Off.');
      });

      it('adds a passkey with Chromium’s virtual authenticator, renames it, signs in with it alone and as a second step, re-authenticates with it', async () => {
        const grace = person('Grace', tag);
        await registerByApi(base, grace);
        const app = await session.newPerson();
        screenshotOnFailure('passkeys', () => ({ app }));
        await addVirtualAuthenticator(app);
        await signedIn(grace, app);
        expect(await app.locator('#login-email').getAttribute('autocomplete')).toBe('username webauthn');

        await app.locator('#passkey-add-form').getByLabel('Name of a new passkey').fill('Laptop');
        await app.getByRole('button', { name: 'Add a passkey' }).click();
        await expectText(app.locator('#notice'), 'The passkey Laptop is added');
        const item = app.locator('#passkey-list li');
        await expectText(item, 'Laptop');
        await item.getByLabel('Name of the passkey Laptop').fill('Work laptop');
        await item.getByRole('button', { name: 'Rename' }).click();
        await expectText(app.locator('#notice'), 'The passkey is now called Work laptop.');
        await expectText(item.locator('strong'), 'Work laptop');

        // Passwordless from the e-mail field's autofill (conditional mediation): the virtual
        // authenticator picks the passkey as soon as the sign-in page asks, no click needed.
        const autofilled = app.waitForResponse((r) => r.url().endsWith('/api/v1/auth/passkey/login') && r.status() === 200);
        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await autofilled;
        await expectSignedIn(app, 'Grace');
        await expectText(item, /last used (?!never)/);

        // The button.
        let release = await holdPasskeyAutofill(app);
        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await expectText(app.locator('#notice'), 'You are logged out.');
        await app.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await expectSignedIn(app, 'Grace');
        await release();

        // A passkey is a second factor too: the password sign-in now asks for it.
        release = await holdPasskeyAutofill(app);
        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await logIn(app, grace.email, grace.password);
        await app.getByRole('button', { name: 'Use a passkey' }).click();
        await expectSignedIn(app, 'Grace');
        await release();

        // Deleting it an hour later asks who it is first: the passkey itself answers.
        clock.advance(60 * 60);
        await item.getByRole('button', { name: 'Delete' }).click();
        const dialog = app.getByRole('dialog', { name: 'Confirm it is you' });
        await dialog.getByRole('button', { name: 'Use a passkey' }).click();
        await expectText(app.locator('#notice'), 'The passkey Work laptop is deleted.');
        await expectText(app.locator('#no-passkeys'), 'No passkey yet.');
      });

      it('takes a passkey without user verification as the second step after the password', async () => {
        const linus = person('Linus', tag);
        await registerByApi(base, linus);
        const app = await session.newPerson();
        screenshotOnFailure('passkey without user verification', () => ({ app }));
        await addVirtualAuthenticator(app, { userVerification: false });
        await signedIn(linus, app);
        await app.locator('#passkey-add-form').getByLabel('Name of a new passkey').fill('Security key');
        await app.getByRole('button', { name: 'Add a passkey' }).click();
        await expectText(app.locator('#notice'), 'The passkey Security key is added');

        // Passwordless sign-in refuses a passkey without UV (one factor: something held, nobody
        // verified); Chromium's virtual authenticator never answers that request, so the HTTP suite
        // proves the refusal with the software authenticator (passkey-suite.ts).
        const release = await holdPasskeyAutofill(app);
        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await expectText(app.locator('#notice'), 'You are logged out.');

        // After the password it is the second factor.
        await logIn(app, linus.email, linus.password);
        await app.getByRole('button', { name: 'Use a passkey' }).click();
        await expectSignedIn(app, 'Linus');
        await release();
      });
    },
  );
}

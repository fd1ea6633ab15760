import type { CreateListener } from '@gatehousejs/example-server-kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, browserSession, expectText, screenshotOnFailure } from './browser.js';
import { startDemoServer } from './demo-server.js';
import { expectSignedIn, logIn, movableClock, registerByApi, type Person } from './demo-steps.js';

// The security section of the demo app (issue 22, CONTRACT §9) used as a person uses it, in headless
// Chromium against an example started in-process: change the password, see and end the sessions of
// two browsers, delete the account after re-authenticating. Written once, run on every example.

const person = (name: string, framework: string): Person => ({
  firstName: name,
  lastName: 'Example',
  username: `${name.toLowerCase()}-${framework}`,
  email: `${name.toLowerCase()}.${framework}@example.com`,
  password: `${name} keeps a long passphrase 1815`,
});

/** The demo's security section on the example `createListener` builds. */
export function describeAccountSecurity(framework: string, createListener: CreateListener): void {
  const chromiumCheck = browserPlan();
  if (chromiumCheck.missing && chromiumCheck.required) {
    describe(`the security section on ${framework} in headless Chromium`, () => {
      it('finds Chromium, as GATEHOUSE_REQUIRE_BROWSER=1 demands', () => expect.fail(chromiumCheck.missing));
    });
  }

  describe.skipIf(chromiumCheck.missing !== undefined)(
    `the security section on ${framework} in headless Chromium`,
    { timeout: 60_000 },
    () => {
      // Real time that a test moves ahead to make a sign-in older than REAUTH_MAX_AGE (10 minutes).
      const clock = movableClock();
      const session = browserSession(() => startDemoServer(undefined, createListener, { clock }));
      const { newPerson } = session;
      const tag = framework.toLowerCase().replace(/[^a-z]+/g, '');
      let base: string;
      beforeAll(() => {
        base = session.server.baseUrl;
      });

      async function signedIn(who: Person): Promise<Page> {
        const app = await newPerson();
        await app.goto(`${base}/`);
        await logIn(app, who.email, who.password);
        await expectSignedIn(app, who.firstName);
        return app;
      }

      it('changes the password: the old one is refused afterwards, the new one signs in', async () => {
        const ada = person('Ada', tag);
        await registerByApi(base, ada);
        const app = await signedIn(ada);
        screenshotOnFailure('change password', () => ({ app }));
        const form = app.locator('#password-form');
        const newPassword = 'notes on the analytical engine';

        await form.getByLabel('Current password').fill('not my password at all');
        await form.getByLabel('New password', { exact: true }).fill(newPassword);
        await form.getByLabel('Repeat the new password').fill(newPassword);
        await form.getByRole('button', { name: 'Change password' }).click();
        await expectText(app.locator('#notice'), 'The password is not correct.');

        await form.getByLabel('Current password').fill(ada.password);
        await form.getByRole('button', { name: 'Change password' }).click();
        await expectText(app.locator('#notice'), 'Your password has been changed. Your other devices have been signed out.');
        expect(await form.getByLabel('Current password').inputValue()).toBe('');

        await app.getByRole('button', { name: 'Log out', exact: true }).click();
        await expectText(app.locator('#notice'), 'You are logged out.');
        await logIn(app, ada.email, ada.password);
        await expectText(app.locator('#notice'), 'Invalid e-mail or password.');
        await logIn(app, ada.email, newPassword);
        await expectSignedIn(app, 'Ada');
      });

      it('lists the sessions of two browsers; ending the other one signs that browser out at its next request', async () => {
        const grace = person('Grace', tag);
        const laptop = await newPerson();
        let phone: Page | undefined;
        screenshotOnFailure('sessions', () => ({ laptop, phone }));
        // Signing up in the form is the first session; the phone's log-in is the second.
        await laptop.goto(`${base}/`);
        await laptop.getByRole('tab', { name: 'Create account' }).click();
        const form = laptop.locator('#register-form');
        await form.getByLabel('First name').fill(grace.firstName);
        await form.getByLabel('Last name').fill(grace.lastName);
        await form.getByLabel('Username').fill(grace.username);
        await form.getByLabel('E-mail').fill(grace.email);
        await form.getByLabel('Password', { exact: true }).fill(grace.password);
        await form.getByLabel('Repeat the password').fill(grace.password);
        await form.getByRole('button', { name: 'Create account' }).click();
        await expectSignedIn(laptop, 'Grace');
        phone = await signedIn(grace);

        const sessions = laptop.locator('#session-list li');
        await laptop.getByRole('button', { name: 'Reload' }).click();
        await expect.poll(() => sessions.count()).toBe(2);
        await expectText(sessions.first(), 'This device');
        await expectText(sessions.nth(1), 'Another device');
        await sessions.nth(1).getByRole('button', { name: 'Sign out', exact: true }).click();
        await expectText(laptop.locator('#notice'), 'That device is signed out.');
        await expect.poll(() => sessions.count()).toBe(1);

        // The phone's access token is refused at once (revocation reaches access tokens), and its refresh too.
        await phone.getByRole('button', { name: 'Reload' }).click();
        await expectText(phone.locator('#notice'), 'Please log in again.');
        await phone.locator('#login-form').waitFor({ state: 'visible' });

        // Again with "Sign out everywhere else", then this device itself.
        await logIn(phone, grace.email, grace.password);
        await expectSignedIn(phone, 'Grace');
        await laptop.getByRole('button', { name: 'Reload' }).click();
        await expect.poll(() => sessions.count()).toBe(2);
        await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
        await expectText(laptop.locator('#notice'), 'Every other device is signed out.');
        await expect.poll(() => sessions.count()).toBe(1);
        await phone.getByRole('button', { name: 'Reload' }).click();
        await expectText(phone.locator('#notice'), 'Please log in again.');

        await sessions.first().getByRole('button', { name: 'Sign out this device' }).click();
        await expectText(laptop.locator('#notice'), 'This device is signed out.');
        await laptop.locator('#login-form').waitFor({ state: 'visible' });
      });

      it('deletes the account after asking for the password again when the sign-in is older than 10 minutes', async () => {
        const alan = person('Alan', tag);
        await registerByApi(base, alan);
        const app = await signedIn(alan);
        screenshotOnFailure('delete account', () => ({ app }));
        clock.advance(11 * 60);

        const form = app.locator('#delete-account-form');
        await form.getByLabel('Password').fill(alan.password);
        await form.getByRole('button', { name: 'Delete my account' }).click();
        // 403 REAUTHENTICATION_REQUIRED: the dialog asks; a wrong password is refused in it.
        const dialog = app.getByRole('dialog', { name: 'Confirm it is you' });
        await dialog.waitFor();
        await dialog.getByLabel('Password').fill('a wrong password here');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expectText(dialog.locator('#reauth-error'), 'The password is not correct.');
        await dialog.getByLabel('Password').fill(alan.password);
        await dialog.getByRole('button', { name: 'Confirm' }).click();

        await expectText(app.locator('#notice'), 'Your account is deleted');
        expect(await dialog.isVisible()).toBe(false);
        await logIn(app, alan.email, alan.password);
        await expectText(app.locator('#notice'), 'Invalid e-mail or password.');
      });
    },
  );
}

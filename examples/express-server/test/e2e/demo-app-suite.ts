import type { CreateListener } from '@gatehousejs/example-server-kit';
import type { ServerUnderTest } from '@gatehousejs/http/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, browserSession, expectText, readmeScreenshot, screenshotOnFailure } from './browser.js';
import { startDemoServer, SUPER } from './demo-server.js';
import { logIn, registerByApi as registerAt, type Person } from './demo-steps.js';

// The demo app, the mail viewer, the confirmation page and the reset page, used as a person uses
// them: in headless Chromium, against an example server started in-process. Written once, run on
// the Express example (demo-app.test.ts here) and on the Hono example (its test/e2e).

const ada: Person = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'analytical engine 1843',
};
const grace: Person = {
  firstName: 'Grace',
  lastName: 'Hopper',
  username: 'grace',
  email: 'grace@example.com',
  password: 'compiler pioneer 1952',
};
const alan: Person = {
  firstName: 'Alan',
  lastName: 'Turing',
  username: 'alan',
  email: 'alan@example.com',
  password: 'universal machine 1936',
};
const katherine: Person = {
  firstName: 'Katherine',
  lastName: 'Johnson',
  username: 'katherine',
  email: 'katherine@example.com',
  password: 'orbital mechanics 1962',
};
const edsger: Person = {
  firstName: 'Edsger',
  lastName: 'Dijkstra',
  username: 'edsger',
  email: 'edsger@example.com',
  password: 'shortest path 1959',
};

/**
 * The demo app's journeys in headless Chromium against the example `createListener` builds. With
 * `screenshots`, `GATEHOUSE_UPDATE_SCREENSHOTS=1` saves the README's images from this run.
 */
export function describeDemoApp(framework: string, createListener: CreateListener, { screenshots }: { screenshots: boolean }): void {
  const screenshot = screenshots ? readmeScreenshot : async () => {};
  const chromiumCheck = browserPlan();
  if (chromiumCheck.missing && chromiumCheck.required) {
    describe(`the demo app on ${framework} in headless Chromium`, () => {
      it('finds Chromium, as GATEHOUSE_REQUIRE_BROWSER=1 demands', () => expect.fail(chromiumCheck.missing));
    });
  } else if (chromiumCheck.missing) {
    console.warn(`[e2e] browser tests skipped: ${chromiumCheck.missing} Set GATEHOUSE_REQUIRE_BROWSER=1 to make this a failure.`);
  }

  describe.skipIf(chromiumCheck.missing !== undefined)(`the demo app on ${framework} in headless Chromium`, { timeout: 60_000 }, () => {
    // The fallback of AUTH_COOKIES=false (the session in the tab's sessionStorage, session.js); the
    // default, cookie mode, has its journeys in cookie-sessions-suite.ts.
    const session = browserSession(() => startDemoServer(async () => ({ env: { AUTH_COOKIES: 'false' } }), createListener));
    const { newPerson } = session;
    let server: ServerUnderTest;
    let base: string;
    beforeAll(() => {
      server = session.server;
      base = server.baseUrl;
    });

    const registerByApi = (person: Person) => registerAt(base, person);

    /** Opens the newest mail of that subject to `to` in /mailhog/ and clicks its link in a new tab. */
    async function followMailLink(mailbox: Page, to: string, subject: string, link: RegExp): Promise<Page> {
      await server.waitForMail((mail) => mail.to.includes(to) && mail.subject === subject);
      await mailbox.goto(`${base}/mailhog/`);
      await mailbox.getByRole('row').filter({ hasText: to }).getByRole('link', { name: subject }).first().click();
      await mailbox.getByRole('heading', { level: 1, name: subject }).waitFor();
      const [opened] = await Promise.all([
        mailbox.context().waitForEvent('page'),
        mailbox.getByRole('link', { name: link }).first().click(),
      ]);
      await opened.waitForLoadState();
      return opened;
    }

    /** The demo app keeps the refresh token in sessionStorage under this key (see session.js). */
    const storedRefreshToken = (page: Page) => page.evaluate<string | null>("sessionStorage.getItem('gatehouse-demo.refresh-token')");

    it('registers, shows the API errors at the fields, and confirms the address through the mail in /mailhog/', async () => {
      const app = await newPerson();
      let mailbox: Page | undefined;
      let confirmation: Page | undefined;
      screenshotOnFailure('register and confirm', () => ({ app, mailbox, confirmation }));

      await app.goto(`${base}/`);
      await app.getByRole('tab', { name: 'Create account' }).click();
      const form = app.locator('#register-form');
      await form.getByLabel('First name').fill(ada.firstName);
      await form.getByLabel('Last name').fill(ada.lastName);
      await form.getByLabel('Username').fill('a');
      await form.getByLabel('E-mail').fill('not-an-address');
      await form.getByLabel('Password', { exact: true }).fill(ada.password);
      await form.getByLabel('Repeat the password').fill(ada.password);
      await form.getByRole('button', { name: 'Create account' }).click();

      await expectText(app.locator('#notice'), 'Validation failed');
      await expectText(form.locator('.field-error[data-for="username"]'), 'username must be at least 3 characters');
      await expectText(form.locator('.field-error[data-for="email"]'), 'email must be a valid e-mail address');
      expect(await form.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');

      await form.getByLabel('Username').fill(ada.username);
      await form.getByLabel('E-mail').fill(ada.email);
      await form.getByRole('button', { name: 'Create account' }).click();

      await expectText(app.locator('#notice'), 'Registration successful');
      await expectText(app.locator('#profile-title'), 'Hello, Ada');
      await expectText(app.locator('#profile-confirmed'), 'Not yet');
      await expectText(app.locator('#confirm-hint'), '/mailhog/');

      mailbox = await app.context().newPage();
      confirmation = await followMailLink(mailbox, ada.email, 'Confirm your e-mail address', /verify-email\?token=/);
      await expectText(confirmation.locator('h1'), 'E-mail address confirmed');
      await expectText(confirmation.locator('#result-message'), 'Your e-mail address is confirmed.');
      await screenshot(mailbox, 'mail-viewer');

      await app.bringToFront();
      await app.getByRole('button', { name: 'Reload' }).click();
      await expectText(app.locator('#profile-confirmed'), 'Yes');
      expect(await app.locator('#confirm-hint').isHidden()).toBe(true);

      // The link is single use: opening it again says so, with the API's message.
      const again = await confirmation.reload();
      expect(again?.status()).toBe(400);
      await expectText(confirmation.locator('h1'), 'This confirmation link did not work');
      await expectText(confirmation.locator('#result-message'), 'invalid, was already used or has expired');
    });

    it('resets a forgotten password through the mailed link, with the API messages, and logs in with the new one', async () => {
      await registerByApi(grace);
      const app = await newPerson();
      let mailbox: Page | undefined;
      let reset: Page | undefined;
      screenshotOnFailure('forgot password', () => ({ app, mailbox, reset }));

      await app.goto(`${base}/`);
      await app.getByRole('tab', { name: 'Forgot password' }).click();
      await app.locator('#forgot-form').getByLabel('E-mail').fill(grace.email);
      await app.getByRole('button', { name: 'Send reset link' }).click();
      await expectText(app.locator('#notice'), 'If an account exists for this address');

      mailbox = await app.context().newPage();
      reset = await followMailLink(mailbox, grace.email, 'Reset your password', /reset-password\?token=/);
      expect(new URL(reset.url()).search).toBe('');
      const form = reset.locator('#reset-form');
      const submit = () => form.getByRole('button', { name: 'Set password' }).click();

      await form.getByLabel('New password', { exact: true }).fill('short');
      await form.getByLabel('Repeat the new password').fill('short');
      await submit();
      await expectText(reset.locator('#notice'), 'Validation failed: password must be at least 8 characters.');
      await expectText(form.locator('.field-error[data-for="password"]'), 'password must be at least 8 characters');

      const newPassword = 'nanoseconds of wire 30cm';
      await form.getByLabel('New password', { exact: true }).fill(newPassword);
      await form.getByLabel('Repeat the new password').fill('nanoseconds of wire 31cm');
      await submit();
      await expectText(reset.locator('#notice'), 'Password and confirmPassword do not match.');
      await expectText(form.locator('.field-error[data-for="confirmPassword"]'), 'confirmPassword must equal password');

      await form.getByLabel('Repeat the new password').fill(newPassword);
      await submit();
      await expectText(reset.locator('#notice'), 'Your password has been reset. Please log in with your new password.');
      expect(await form.isHidden()).toBe(true);

      await reset.getByRole('link', { name: 'Go to the sign-in page' }).click();
      await reset.waitForURL(`${base}/`);
      await logIn(reset, grace.email, grace.password);
      await expectText(reset.locator('#notice'), 'Invalid e-mail or password.');
      await logIn(reset, grace.email, newPassword);
      await expectText(reset.locator('#profile-title'), 'Hello, Grace');
    });

    it('lets a super give a user a role, which the user sees after logging in again; refuses an admin granting admin', async () => {
      await registerByApi(alan);
      await registerByApi(edsger);
      const user = await newPerson();
      const admin = await newPerson();
      let other: Page | undefined;
      screenshotOnFailure('role change', () => ({ user, admin, other }));

      await user.goto(`${base}/`);
      await logIn(user, alan.email, alan.password);
      await expectText(user.locator('#profile-roles'), 'none yet');
      expect(await user.locator('#reports').isHidden()).toBe(true);

      await admin.goto(`${base}/`);
      await logIn(admin, SUPER.email, SUPER.password);
      await expectText(admin.locator('#profile-roles'), 'super');
      const row = admin.getByRole('row').filter({ hasText: alan.email });
      await row.waitFor();
      await row.getByLabel('manager').check();
      await row.getByRole('button', { name: 'Save roles' }).click();
      await expectText(admin.locator('#notice'), `${alan.email}: Roles updated.`);
      expect(await admin.getByRole('row').filter({ hasText: alan.email }).getByLabel('manager').isChecked()).toBe(true);
      await admin.getByRole('row').filter({ hasText: edsger.email }).getByLabel('admin').check();
      await admin.getByRole('row').filter({ hasText: edsger.email }).getByRole('button', { name: 'Save roles' }).click();
      await expectText(admin.locator('#notice'), `${edsger.email}: Roles updated.`);
      await screenshot(admin, 'demo-app');

      // An admin (not super) may not grant admin: the API's 403 message, and the row as stored.
      other = await newPerson();
      await other.goto(`${base}/`);
      await logIn(other, edsger.email, edsger.password);
      const alanRow = other.getByRole('row').filter({ hasText: alan.email });
      await alanRow.getByLabel('admin').check();
      await alanRow.getByRole('button', { name: 'Save roles' }).click();
      await expectText(other.locator('#notice'), 'Only a super administrator may grant or change the super and admin roles.');
      expect(await other.locator('#notice').getAttribute('class')).toContain('error');
      expect(await other.getByRole('row').filter({ hasText: alan.email }).getByLabel('admin').isChecked()).toBe(false);
      expect(await other.getByRole('row').filter({ hasText: alan.email }).getByLabel('manager').isChecked()).toBe(true);

      // Still signed in: the stored roles changed, the access token's have not (CONTRACT §3).
      await user.getByRole('button', { name: 'Reload' }).click();
      await expectText(user.locator('#profile-roles'), 'manager');
      await expectText(user.locator('#roles-changed'), 'next login or session refresh');
      expect(await user.locator('#reports').isHidden()).toBe(true);

      await user.getByRole('button', { name: 'Log out', exact: true }).click();
      await expectText(user.locator('#notice'), 'You are logged out.');
      await logIn(user, alan.email, alan.password);
      await expectText(user.locator('#profile-roles'), 'manager');
      await expectText(user.locator('#report-list'), 'Weekly sign-ups');
      expect(await user.locator('#roles-changed').isHidden()).toBe(true);
      expect(await user.locator('#admin').isHidden()).toBe(true);
    });

    it('refreshes the session once when the access token has expired, and keeps it across a reload', async () => {
      await registerByApi(katherine);
      const app = await newPerson();
      screenshotOnFailure('refresh', () => ({ app }));
      await app.goto(`${base}/`);
      await logIn(app, katherine.email, katherine.password);
      await expectText(app.locator('#profile-title'), 'Hello, Katherine');
      const firstRefreshToken = await storedRefreshToken(app);

      // The API's answer to an expired access token, once; then the real API again.
      let expired = 0;
      await app.route('**/api/v1/users/me', async (route) => {
        if (expired++ > 0) return route.continue();
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 401, message: 'The token has expired.', error: 'Unauthorized', code: 'TOKEN_EXPIRED' }),
        });
      });
      const refreshed = app.waitForResponse(
        (response) => response.url().endsWith('/api/v1/auth/refresh-token') && response.status() === 200,
      );
      const retried = app.waitForResponse((response) => response.url().endsWith('/api/v1/users/me') && response.status() === 200);
      await app.getByRole('button', { name: 'Reload' }).click();
      await Promise.all([refreshed, retried]);
      expect(expired).toBe(2);
      await expectText(app.locator('#profile-email'), katherine.email);
      expect(await app.locator('#notice').isHidden()).toBe(true);
      const secondRefreshToken = await storedRefreshToken(app);
      expect(secondRefreshToken).toBeTruthy();
      expect(secondRefreshToken).not.toBe(firstRefreshToken);
      await app.unroute('**/api/v1/users/me');

      // The access token lives in memory only: a reload starts from the refresh token.
      await app.reload();
      await expectText(app.locator('#profile-title'), 'Hello, Katherine');
      expect(await app.evaluate('localStorage.length')).toBe(0);

      await app.getByRole('button', { name: 'Log out', exact: true }).click();
      await expectText(app.locator('#notice'), 'You are logged out.');
      expect(await storedRefreshToken(app)).toBeNull();
    });
  });
}

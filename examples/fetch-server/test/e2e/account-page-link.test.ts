import { beforeAll, describe, expect, it } from 'vitest';
import { browserPlan, browserSession, expectText, screenshotOnFailure } from '../../../express-server/test/e2e/browser.js';
import { startDemoServer } from '../../../express-server/test/e2e/demo-server.js';
import { expectSignedIn, logIn, registerByApi } from '../../../express-server/test/e2e/demo-steps.js';
import { createFetchListener } from '../start-fetch.js';

// The demo app is shared by every example; only this one serves the server-rendered `/account` page
// (with AUTH_COOKIES_SERVER_READABLE=true), and says so in a meta tag the page's nav follows.
const chromiumCheck = browserPlan();
if (chromiumCheck.missing && chromiumCheck.required) {
  describe('the link to the server-rendered account page in headless Chromium', () => {
    it('finds Chromium, as GATEHOUSE_REQUIRE_BROWSER=1 demands', () => expect.fail(chromiumCheck.missing));
  });
}

describe.skipIf(chromiumCheck.missing !== undefined)(
  'the link to the server-rendered account page in headless Chromium',
  { timeout: 60_000 },
  () => {
    const session = browserSession(() =>
      startDemoServer(async () => ({ env: { AUTH_COOKIES_SERVER_READABLE: 'true' } }), createFetchListener),
    );
    let base: string;
    beforeAll(() => {
      base = session.server.baseUrl;
    });

    it('shows the link once signed in, and the page it leads to knows who signed in from the cookies alone', async () => {
      const ada = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'ada-account-link',
        email: 'ada.account-link@example.com',
        password: 'notes on the analytical engine',
      };
      await registerByApi(base, ada);
      const app = await session.newPerson();
      screenshotOnFailure('account page link', () => ({ app }));
      await app.goto(`${base}/`);
      const link = app.getByRole('link', { name: 'Server-rendered page' });
      // Signed out, the nav that holds it is hidden.
      expect(await link.isVisible()).toBe(false);
      await logIn(app, ada.email, ada.password);
      await expectSignedIn(app, ada.firstName);
      await link.click();
      await app.waitForURL(`${base}/account`);
      await expectText(app.locator('#account-email'), ada.email);
    });
  },
);

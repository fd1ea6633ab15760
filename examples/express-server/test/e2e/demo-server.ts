import type { CreateListener } from '@gatehousejs/example-server-kit';
import type { ServerUnderTest } from '@gatehousejs/http/testing';
import { SUITE_SECRETS } from '@gatehousejs/http/testing';
import { startForSuite, type SuiteOverrides } from '@gatehousejs/example-server-kit/testing';
import { createApp } from '../../src/app.js';
import { freePort } from './browser.js';

/** The bootstrap super user of the demo server. */
export const SUPER = Object.freeze({ email: 'root@example.com', password: 'bootstrap super password' });

/**
 * An example server in-process (the Express example unless `createListener` says otherwise) on a
 * port known before start, so APP_URL (the links in the mails, the social callbacks) can name it. `before(port)` runs first on each attempt and returns extra
 * settings (a provider that must know the callback URL); `undo` cleans an attempt that failed.
 * `overrides` gives the flows a test clock.
 */
export async function startDemoServer(
  before: (port: number) => Promise<{ env: Record<string, string>; undo?: () => Promise<void> }> = async () => ({ env: {} }),
  createListener: CreateListener = createApp,
  overrides: SuiteOverrides = {},
): Promise<ServerUnderTest> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const extra = await before(port);
    try {
      return await startForSuite(
        createListener,
        {
          ...SUITE_SECRETS,
          PORT: String(port),
          APP_URL: `http://127.0.0.1:${port}`,
          ARGON2_MEMORY_COST: '1024',
          ARGON2_TIME_COST: '1',
          RATE_LIMIT_ENABLED: 'false',
          BOOTSTRAP_SUPER_EMAIL: SUPER.email,
          BOOTSTRAP_SUPER_PASSWORD: SUPER.password,
          ...extra.env,
        },
        overrides,
      );
    } catch (error) {
      await extra.undo?.();
      // Another test took the port between freePort() and listen(): try another one.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error;
    }
  }
}

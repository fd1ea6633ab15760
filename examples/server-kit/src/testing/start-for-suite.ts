import type { ServerUnderTest } from '@gatehousejs/http/testing';
import type { Clock } from '@gatehousejs/core/ports';
import type { CaughtMail } from '@gatehousejs/mailer-smtp/testing';
import { readServerSettings } from '../env-config.js';
import { silentLogger } from '../logger.js';
import { startServer, type CreateListener } from '../start-server.js';

/** What a suite may set beyond the environment: the clock the flows read (a fake one moves only when told). */
export interface SuiteOverrides {
  clock?: Clock;
}

const view = (m: CaughtMail) => ({ to: [...m.to], subject: m.subject, text: m.text, html: m.html });

/**
 * Starts an example server the way its `main.ts` does, but on free ports and with the environment
 * a test gives, and exposes its development mail catcher to the test.
 */
export async function startForSuite(
  createListener: CreateListener,
  env: Record<string, string>,
  overrides: SuiteOverrides = {},
): Promise<ServerUnderTest> {
  const settings = readServerSettings(
    { HOST: '127.0.0.1', PORT: '0', MAILHOG_SMTP_PORT: '0', DATABASE_URL: 'memory:', ...env },
    { databaseFile: ':memory:' },
  );
  const running = await startServer(settings, createListener, silentLogger, overrides);
  const catcher = running.mail.catcher;
  if (!catcher) throw new Error('the example tests need the development mail catcher (leave SMTP_HOST unset)');
  return {
    request: (path, init) => fetch(`${running.url}${path}`, init),
    baseUrl: running.url,
    mails: () => catcher.messages().map(view),
    waitForMail: async (match, timeoutMs = 5000) => view(await catcher.waitFor((m) => match(view(m)), { timeoutMs })),
    close: () => running.close(),
  };
}

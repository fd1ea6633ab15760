import type { ServerUnderTest } from '@gatehouse/http/testing';
import type { CaughtMail } from '../src/dev-mail/index.js';
import { readServerSettings } from '../src/env-config.js';
import { silentLogger } from '../src/logger.js';
import { startServer } from '../src/start-server.js';

/**
 * Starts the example server the way `pnpm start` does, but on free ports and with the environment
 * the test gives, and exposes its development mail catcher to the HTTP suite.
 */
export async function startExample(env: Record<string, string>): Promise<ServerUnderTest> {
  const settings = readServerSettings({ HOST: '127.0.0.1', PORT: '0', MAILHOG_SMTP_PORT: '0', ...env });
  const running = await startServer(settings, silentLogger);
  const catcher = running.mail.catcher;
  if (!catcher) throw new Error('the HTTP suite needs the development mail catcher (leave SMTP_HOST unset)');
  const view = (m: CaughtMail) => ({ to: [...m.to], subject: m.subject, text: m.text, html: m.html });
  return {
    baseUrl: running.url,
    mails: () => catcher.messages().map(view),
    waitForMail: async (match, timeoutMs = 5000) => view(await catcher.waitFor((m) => match(view(m)), { timeoutMs })),
    close: () => running.close(),
  };
}

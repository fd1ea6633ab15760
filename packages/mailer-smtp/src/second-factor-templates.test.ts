import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from './create-smtp-mailer.js';

describe('second-factor notices', () => {
  it('sends a notice per change, linking to the app, with no token or expiry', async () => {
    const sent: Array<{ subject: string; text: string }> = [];
    const mailer = createSmtpMailer({
      appUrl: 'https://app.example.test',
      from: 'auth@example.test',
      transport: { sendMail: async (message: { subject: string; text: string }) => void sent.push(message), close: () => {} } as never,
    });
    await mailer.send({ kind: 'passkey-added', to: 'alice@example.test', firstName: 'Alice' });
    await mailer.send({ kind: 'second-factors-reset', to: 'alice@example.test' });
    expect(sent.map((m) => m.subject)).toEqual(['A passkey was added to your account', 'The second factors of your account were reset']);
    expect(sent[0]?.text).toContain('Hello Alice,');
    expect(sent[0]?.text).toContain('https://app.example.test/');
    expect(sent[0]?.text).not.toMatch(/token=|expires at/);
  });
});

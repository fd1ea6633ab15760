import type { AddressInfo } from 'node:net';
import type { AuthMail } from '@gatehousejs/core/ports';
import nodemailer from 'nodemailer';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSmtpMailer, type SmtpMailer } from './create-smtp-mailer.js';
import { MailDeliveryError } from './mail-delivery-error.js';

interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  email: Email;
}

/** A real SMTP server on an ephemeral port that keeps every message it accepts. */
async function startSmtpSink(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@rejected.test')) {
        const error = Object.assign(new Error(`Mailbox <${address.address}> does not exist`), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              email,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const FROM = 'Gatehouse <no-reply@gatehouse.test>';
const TOKEN = 'q3Vx_Ji-8b3WqZ0kK1yRzN4d9Lw2pT7sHcEuYaFgBmQ';
const EXPIRES_AT = new Date('2030-01-02T03:04:05.000Z');

type TokenMail = Extract<AuthMail, { token: string }>;

function mail(kind: TokenMail['kind'], overrides: Partial<TokenMail> = {}): TokenMail {
  return { kind, to: 'alice@example.test', firstName: 'Alice', token: TOKEN, expiresAt: EXPIRES_AT, ...overrides };
}

/** Every `href` of the HTML part, with the entities the HTML serializer may have used decoded. */
function hrefs(html: string | undefined): string[] {
  return [...(html ?? '').matchAll(/href="([^"]*)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

describe('createSmtpMailer over real SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });
  afterEach(async () => {
    sink.received.length = 0;
    await mailer?.close();
  });

  function smtpMailer(extra: Partial<Parameters<typeof createSmtpMailer>[0]> = {}): SmtpMailer {
    mailer = createSmtpMailer({
      appUrl: 'http://localhost:3000/',
      from: FROM,
      transport: { host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true },
      ...extra,
    });
    return mailer;
  }

  function only(): Email {
    expect(sink.received).toHaveLength(1);
    return sink.received[0]!.email;
  }

  it('sends the account-exists notice with a link to the app and no token or expiry', async () => {
    await smtpMailer().send({ kind: 'account-exists', to: 'alice@example.test', firstName: 'Alice' });

    const email = only();
    expect(email.subject).toBe('Someone tried to register with your address');
    expect(email.text).toContain('\nhttp://localhost:3000/\n');
    expect(email.text).not.toMatch(/token=|expires at/);
    expect(hrefs(email.html)).toEqual(['http://localhost:3000/', 'http://localhost:3000/']);
  });

  it('sends the confirmation mail with the verify-email link in text and HTML', async () => {
    await smtpMailer().send(mail('email-verification'));

    const link = `http://localhost:3000/api/v1/auth/verify-email?token=${TOKEN}`;
    const email = only();
    expect(sink.received[0]!.envelopeTo).toEqual(['alice@example.test']);
    expect(sink.received[0]!.envelopeFrom).toBe('no-reply@gatehouse.test');
    expect(email.subject).toBe('Confirm your e-mail address');
    expect(email.from).toEqual({ name: 'Gatehouse', address: 'no-reply@gatehouse.test' });
    expect(email.to).toEqual([{ name: '', address: 'alice@example.test' }]);
    expect(email.text).toContain(`Hello Alice,`);
    expect(email.text).toContain(`\n${link}\n`);
    expect(email.text).toContain('2030-01-02 03:04 UTC');
    expect(hrefs(email.html)).toEqual([link, link]);
    expect(email.html).toContain(`>${link}</a>`);
    expect(email.html).toContain('2030-01-02 03:04 UTC');
  });

  it('sends the reset mail with the reset-password page link in text and HTML', async () => {
    await smtpMailer().send(mail('password-reset', { to: 'bob@example.test', firstName: 'Bob' }));

    const link = `http://localhost:3000/reset-password?token=${TOKEN}`;
    const email = only();
    expect(sink.received[0]!.envelopeTo).toEqual(['bob@example.test']);
    expect(email.subject).toBe('Reset your password');
    expect(email.from).toEqual({ name: 'Gatehouse', address: 'no-reply@gatehouse.test' });
    expect(email.to).toEqual([{ name: '', address: 'bob@example.test' }]);
    expect(email.text).toContain('Hello Bob,');
    expect(email.text).toContain(`\n${link}\n`);
    expect(hrefs(email.html)).toEqual([link, link]);
    expect(email.text).not.toContain('verify-email');
  });

  it('escapes the first name in the HTML part and keeps it verbatim in the text part', async () => {
    const firstName = `<script>alert("x")</script>&'`;
    await smtpMailer().send(mail('email-verification', { firstName }));

    const email = only();
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;,');
    expect(email.text).toContain(`Hello ${firstName},`);
  });

  it('uses an overridden template for its mail and the default for the other', async () => {
    const template = vi.fn((data: { firstName?: string | undefined; link: string; expiresAt: Date | undefined; appUrl: string }) => ({
      subject: `Reset for ${data.firstName}`,
      text: `Go to ${data.link}`,
      html: `<p>Go <a href="${data.link}">here</a></p>`,
    }));
    const custom = smtpMailer({ appUrl: 'https://app.example/base/', templates: { 'password-reset': template } });

    await custom.send(mail('password-reset'));
    const link = `https://app.example/base/reset-password?token=${TOKEN}`;
    expect(template).toHaveBeenCalledWith({ firstName: 'Alice', link, expiresAt: EXPIRES_AT, appUrl: 'https://app.example/base' });
    const reset = only();
    expect(reset.subject).toBe('Reset for Alice');
    expect(reset.text?.trim()).toBe(`Go to ${link}`);
    expect(hrefs(reset.html)).toEqual([link]);

    sink.received.length = 0;
    await custom.send(mail('email-verification'));
    expect(only().subject).toBe('Confirm your e-mail address');
  });

  it('sends through a transporter the application passed in and leaves it open on close', async () => {
    const transporter = nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true });
    const closeSpy = vi.spyOn(transporter, 'close');
    const shared = smtpMailer({ transport: transporter });

    await shared.send(mail('email-verification'));
    await shared.close();

    expect(only().subject).toBe('Confirm your e-mail address');
    expect(closeSpy).not.toHaveBeenCalled();
    transporter.close();
  });

  it('rejects a refused mail with a MailDeliveryError that names neither the address nor the token', async () => {
    const sending = smtpMailer().send(mail('password-reset', { to: 'nobody@rejected.test' }));

    const error: unknown = await sending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailDeliveryError);
    const delivery = error as MailDeliveryError;
    expect(delivery.kind).toBe('password-reset');
    expect(delivery.code).toBe('MAIL_DELIVERY_FAILED');
    expect(delivery.transportCode).toBe('EENVELOPE');
    expect(delivery.responseCode).toBe(550);
    expect(delivery.message).toMatch(/^Could not send the password-reset mail: /);
    expect(delivery.message).toContain('does not exist');
    expect(delivery.message).not.toContain('nobody@rejected.test');
    expect(delivery.message).not.toContain(TOKEN);
    expect(delivery.cause).toBeUndefined();
    expect(sink.received).toHaveLength(0);
  });
});

describe('createSmtpMailer options', () => {
  const transport = { host: '127.0.0.1', port: 2525 };

  it.each(['', 'localhost:3000', 'ftp://example.com', 'https://example.com/?a=1', 'https://example.com/#x'])(
    'refuses the app URL %j at creation',
    (appUrl) => {
      expect(() => createSmtpMailer({ appUrl, from: FROM, transport })).toThrow(/options\.appUrl must be an absolute http\(s\) URL/);
    },
  );

  it('refuses an empty sender or one with a line break', () => {
    expect(() => createSmtpMailer({ appUrl: 'https://a.example', from: ' ', transport })).toThrow(/options\.from/);
    expect(() => createSmtpMailer({ appUrl: 'https://a.example', from: 'a@b.example\r\nBcc: x@y.example', transport })).toThrow(
      /options\.from/,
    );
  });

  it('refuses a template that is not a function', () => {
    const templates = { 'email-verification': 'Hello' } as unknown as Parameters<typeof createSmtpMailer>[0]['templates'];
    expect(() => createSmtpMailer({ appUrl: 'https://a.example', from: FROM, transport, templates })).toThrow(
      /options\.templates\['email-verification'\] must be a function/,
    );
  });
});

import type { AuthMail } from '@gatehousejs/core/ports';
import { createSmtpMailer, MailDeliveryError, type SmtpMailer } from '../index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher, type MailCatcherOptions } from './mail-catcher.js';

const RECEIVED_AT = new Date('2030-01-01T12:00:00.000Z');
const TOKEN = 'q3Vx_Ji-8b3WqZ0kK1yRzN4d9Lw2pT7sHcEuYaFgBmQ';

function verification(to: string, firstName = 'Alice'): AuthMail {
  return { kind: 'email-verification', to, firstName, token: TOKEN, expiresAt: new Date('2030-01-02T12:00:00.000Z') };
}

describe('startMailCatcher', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });

  async function catcherAndMailer(options: MailCatcherOptions = {}): Promise<{ catcher: MailCatcher; mailer: SmtpMailer }> {
    const catcher = await startMailCatcher({ port: 0, now: () => RECEIVED_AT, ...options });
    opened.push(catcher);
    const mailer = createSmtpMailer({
      appUrl: 'http://localhost:3000',
      from: 'Gatehouse <no-reply@gatehouse.test>',
      transport: { host: catcher.host, port: catcher.port, secure: false, ignoreTLS: true },
    });
    opened.push(mailer);
    return { catcher, mailer };
  }

  it('listens on 127.0.0.1 and reports the ephemeral port it got', async () => {
    const { catcher } = await catcherAndMailer();
    expect(catcher.host).toBe('127.0.0.1');
    expect(catcher.port).toBeGreaterThan(0);
  });

  it('waits for a mail sent later and hands it over parsed', async () => {
    const { catcher, mailer } = await catcherAndMailer();
    const waiting = catcher.waitFor((mail) => mail.to.includes('alice@example.test'), { timeoutMs: 5000 });
    void mailer.send(verification('alice@example.test'));

    const mail = await waiting;
    expect(mail.from).toBe('no-reply@gatehouse.test');
    expect(mail.to).toEqual(['alice@example.test']);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain(`http://localhost:3000/api/v1/auth/verify-email?token=${TOKEN}`);
    expect(mail.html).toContain(`href="http://localhost:3000/api/v1/auth/verify-email?token=${TOKEN}"`);
    expect(mail.receivedAt).toEqual(RECEIVED_AT);
    expect(mail.headers['Subject']).toEqual(['Confirm your e-mail address']);
    expect(mail.raw).toMatch(/^[\s\S]*\r\nSubject: Confirm your e-mail address\r\n/);
    expect(catcher.messages()).toEqual([mail]);
  });

  it('resolves with the oldest matching mail it already holds', async () => {
    const { catcher, mailer } = await catcherAndMailer();
    await mailer.send(verification('first@example.test', 'First'));
    await mailer.send(verification('second@example.test', 'Second'));
    await mailer.send(verification('first@example.test', 'Third'));

    const mail = await catcher.waitFor((candidate) => candidate.to.includes('first@example.test'), { timeoutMs: 100 });
    expect(mail.text).toContain('Hello First,');
  });

  it('rejects after the timeout and says what it did catch', async () => {
    const { catcher, mailer } = await catcherAndMailer();
    await mailer.send(verification('alice@example.test'));

    await expect(catcher.waitFor((mail) => mail.to.includes('bob@example.test'), { timeoutMs: 50 })).rejects.toThrow(
      'waitFor: no matching mail arrived within 50 ms (1 caught, latest subjects: "Confirm your e-mail address")',
    );
  });

  it('rejects pending waits when it closes', async () => {
    const { catcher } = await catcherAndMailer();
    const waiting = catcher.waitFor(() => true, { timeoutMs: 5000 });
    await catcher.close();
    await expect(waiting).rejects.toThrow('the mail catcher closed before a matching mail arrived');
  });

  it('keeps only the newest messages and forgets them all on clear', async () => {
    const { catcher, mailer } = await catcherAndMailer({ maxMessages: 2 });
    for (const name of ['one', 'two', 'three']) await mailer.send(verification(`${name}@example.test`));

    expect(catcher.messages().map((mail) => mail.to[0])).toEqual(['two@example.test', 'three@example.test']);
    catcher.clear();
    expect(catcher.messages()).toEqual([]);
  });

  it('refuses a message over the size limit with 552', async () => {
    const { catcher, mailer } = await catcherAndMailer({ maxMessageBytes: 512 });
    const error: unknown = await mailer.send(verification('alice@example.test')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as MailDeliveryError).responseCode).toBe(552);
    expect(catcher.messages()).toEqual([]);
  });

  it('fails to start on a taken port with a message naming it and the EADDRINUSE code', async () => {
    const { catcher } = await catcherAndMailer();
    const second = startMailCatcher({ port: catcher.port });
    await expect(second).rejects.toThrow(`The mail catcher could not listen on 127.0.0.1:${catcher.port}`);
    await expect(second).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});

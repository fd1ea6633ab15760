import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSmtpMailer, type SmtpMailer } from '@gatehousejs/mailer-smtp';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '@gatehousejs/example-server-kit';
import { mailhogRouter } from './mailhog-router.js';

const HOSTILE_SUBJECT = 'Hello <b>there</b> & "co"';
const HOSTILE_HTML =
  '<!doctype html><html><head><title>x</title></head><body><script>alert(1)</script><p onclick="steal()">Hi</p></body></html>';
const LINK = 'http://localhost:3000/api/v1/auth/verify-email?token=abc_DEF-123';

describe('mailhogRouter over HTTP', () => {
  let catcher: MailCatcher;
  let mailer: SmtpMailer;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    catcher = await startMailCatcher({ port: 0 });
    mailer = createSmtpMailer({
      appUrl: 'http://localhost:3000',
      from: 'Gatehouse <no-reply@gatehouse.test>',
      transport: { host: catcher.host, port: catcher.port, secure: false, ignoreTLS: true },
      templates: {
        'email-verification': ({ firstName, link }) => ({
          subject: firstName === 'Hostile' ? HOSTILE_SUBJECT : `Plain mail for ${firstName}`,
          text: `Open <${link}> now & then </pre><script>x()</script>`,
          html: HOSTILE_HTML,
        }),
      },
    });
    const app = express();
    app.use('/mailhog', mailhogRouter(catcher));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mailhog`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mailer.close();
    await catcher.close();
  });

  beforeEach(() => {
    catcher.clear();
  });

  async function sendAndWait(to: string, firstName: string): Promise<CaughtMail> {
    void mailer.send({ kind: 'email-verification', to, firstName, token: 'abc_DEF-123', expiresAt: new Date('2030-01-01T00:00:00Z') });
    return catcher.waitFor((mail) => mail.to.includes(to));
  }

  it('lists the messages with escaped subjects and links to each, under a strict CSP', async () => {
    const mail = await sendAndWait('alice@example.test', 'Hostile');

    const response = await fetch(`${base}/`);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(body).toContain('Hello &lt;b&gt;there&lt;/b&gt; &amp; &quot;co&quot;');
    expect(body).not.toContain('<b>there</b>');
    expect(body).toContain(`href="/mailhog/messages/${mail.id}"`);
    expect(body).toContain('alice@example.test');
    expect(body).not.toMatch(/<script|<link|src="http/i);
  });

  it('lists the newest message first', async () => {
    await sendAndWait('first@example.test', 'First');
    await sendAndWait('second@example.test', 'Second');

    const body = await (await fetch(`${base}`)).text();
    expect(body.indexOf('Plain mail for Second')).toBeGreaterThan(0);
    expect(body.indexOf('Plain mail for Second')).toBeLessThan(body.indexOf('Plain mail for First'));
  });

  it('shows one message with its HTML escaped into a sandboxed srcdoc and its text in <pre>', async () => {
    const mail = await sendAndWait('alice@example.test', 'Hostile');

    const response = await fetch(`${base}/messages/${mail.id}`);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toContain('<b>there</b>');
    const iframe = /<iframe [^>]*>/.exec(body)?.[0] ?? '';
    expect(iframe).toMatch(/ sandbox="[^"]*"/);
    expect(iframe).not.toContain('allow-scripts');
    expect(iframe).not.toContain('allow-same-origin');
    expect(iframe).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(iframe).toContain('onclick=&quot;steal()&quot;');
    expect(iframe).toContain('&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;');
    expect(body).toContain(`<pre>Open &lt;${LINK}&gt; now &amp; then &lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt;`);
    expect(body.split('</pre>')).toHaveLength(2);
    expect(body).toContain(`<a href="${LINK}" rel="noreferrer" target="_blank">${LINK}</a>`);
  });

  it('answers 404 for a message it does not hold', async () => {
    const response = await fetch(`${base}/messages/nope`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('No such mail');
  });

  it('serves the MailHog v2 message list', async () => {
    await sendAndWait('first@example.test', 'First');
    const second = await sendAndWait('second@example.test', 'Second');

    const response = await fetch(`${base}/api/v2/messages`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const page = (await response.json()) as {
      total: number;
      count: number;
      start: number;
      items: Array<{
        ID: string;
        From: { Mailbox: string; Domain: string };
        To: Array<{ Mailbox: string; Domain: string }>;
        Content: { Headers: Record<string, string[]>; Body: string };
        Created: string;
        Raw: { Data: string };
      }>;
    };
    expect(page).toMatchObject({ total: 2, count: 2, start: 0 });
    const item = page.items[0]!;
    expect(item.ID).toBe(second.id);
    expect(item.From).toMatchObject({ Mailbox: 'no-reply', Domain: 'gatehouse.test' });
    expect(item.To).toEqual([{ Relays: null, Mailbox: 'second', Domain: 'example.test', Params: '' }]);
    expect(item.Content.Headers['Subject']).toEqual(['Plain mail for Second']);
    expect(item.Content.Headers['From']).toEqual(['Gatehouse <no-reply@gatehouse.test>']);
    expect(item.Content.Headers['To']).toEqual(['second@example.test']);
    expect(item.Content.Body).toMatch(/Content-Type: text\/plain/);
    expect(item.Content.Body).not.toMatch(/^Subject:/m);
    expect(item.Created).toBe(second.receivedAt.toISOString());
    expect(item.Raw.Data).toBe(second.raw);

    const paged = (await (await fetch(`${base}/api/v2/messages?start=1&limit=1`)).json()) as typeof page;
    expect(paged).toMatchObject({ total: 2, count: 1, start: 1 });
    expect(paged.items[0]!.Content.Headers['Subject']).toEqual(['Plain mail for First']);
  });

  it('deletes every message on DELETE /api/v1/messages', async () => {
    await sendAndWait('alice@example.test', 'First');

    const response = await fetch(`${base}/api/v1/messages`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(catcher.messages()).toEqual([]);
    const page = (await (await fetch(`${base}/api/v2/messages`)).json()) as { total: number; items: unknown[] };
    expect(page).toEqual({ total: 0, count: 0, start: 0, items: [] });
    expect(await (await fetch(`${base}/`)).text()).toContain('No mail caught yet.');
  });
});

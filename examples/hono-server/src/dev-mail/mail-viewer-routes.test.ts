import type { CaughtMail } from '@gatehousejs/example-server-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailViewerRoutes } from './mail-viewer-routes.js';

const mail: CaughtMail = {
  id: 'm1',
  from: 'no-reply@gatehouse.test',
  to: ['alice@example.test'],
  subject: 'Hello <b>there</b>',
  text: 'Open http://localhost:3000/api/v1/auth/verify-email?token=abc',
  html: '<p>Hi</p>',
  receivedAt: new Date('2030-01-01T00:00:00Z'),
  headers: { Subject: ['Hello <b>there</b>'], From: ['no-reply@gatehouse.test'], To: ['alice@example.test'] },
  helo: 'localhost',
  raw: 'Subject: Hello\r\n\r\nOpen',
};

let inbox: CaughtMail[] = [];
const app = mailViewerRoutes({ messages: () => [...inbox], clear: () => void (inbox = []) });

beforeEach(() => {
  inbox = [mail];
});

describe("mailViewerRoutes (the kit's viewer on Hono)", () => {
  it('serves the inbox at /mailhog and /mailhog/ with escaped subjects, links below the mount point and a strict CSP', async () => {
    for (const path of ['/mailhog', '/mailhog/']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const body = await res.text();
      expect(body).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
      expect(body).toContain('href="/mailhog/messages/m1"');
    }
  });

  it('serves one message, its source, and 404 for a message it does not hold', async () => {
    expect((await app.request('/mailhog/messages/m1')).status).toBe(200);
    expect(await (await app.request('/mailhog/messages/m1/raw')).text()).toBe(mail.raw);
    expect((await app.request('/mailhog/messages/nope')).status).toBe(404);
  });

  it('serves the MailHog v2 list and deletes every message on DELETE /api/v1/messages', async () => {
    const page = (await (await app.request('/mailhog/api/v2/messages')).json()) as { total: number; items: { ID: string }[] };
    expect(page.total).toBe(1);
    expect(page.items[0]!.ID).toBe('m1');
    expect((await app.request('/mailhog/api/v1/messages', { method: 'DELETE' })).status).toBe(200);
    expect(inbox).toEqual([]);
  });

  it('leaves paths outside the mount point and unknown viewer paths to the next handler', async () => {
    expect((await app.request('/mailhogx')).status).toBe(404);
    expect((await app.request('/mailhog/no-such-page')).status).toBe(404);
  });
});

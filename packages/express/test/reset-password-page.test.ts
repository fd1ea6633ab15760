import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { createAuth } from '@gatehousejs/core';
import type { AuthMail } from '@gatehousejs/core/ports';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express from 'express';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRouter, errorHandler, notFound, resetPasswordPage } from '../src/index.js';

const CHROMIUM = process.env.GATEHOUSE_CHROMIUM_PATH ?? '/usr/bin/chromium';
const mails: AuthMail[] = [];
const auth = createAuth({
  config: {
    accessTokenSecret: 'reset-page-access-secret-0123456789abcdef',
    refreshTokenSecret: 'reset-page-refresh-secret-0123456789abcdef',
    rateLimit: { enabled: false },
  },
  store: createMemoryStore(),
  mailer: { send: async (mail) => void mails.push(mail) },
  hasher: createFakeHasher(),
});

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use('/api/v1/auth', authRouter(auth));
  app.use(resetPasswordPage());
  app.use(notFound());
  app.use(errorHandler());
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function resetTokenFor(email: string): Promise<string> {
  await auth.register({
    firstName: 'Ada',
    lastName: 'L',
    username: email.split('@')[0],
    email,
    password: 'first long password',
    confirmPassword: 'first long password',
  });
  await auth.forgotPassword({ email });
  await auth.whenIdle();
  const mail = mails.find((m) => m.to === email && m.kind === 'password-reset');
  if (!mail || !('token' in mail)) throw new Error('no reset mail');
  return mail.token;
}

describe('resetPasswordPage() on Express', () => {
  it('serves the page, its script and style over HTTP, and leaves other paths to the app', async () => {
    const page = await fetch(`${base}/reset-password?token=abc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('id="reset-form"');
    expect((await fetch(`${base}/reset-password/page.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const head = await fetch(`${base}/reset-password`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/reset-password`, { method: 'POST' })).status).toBe(404);
  });

  const browser = existsSync(CHROMIUM) ? it : process.env.GATEHOUSE_REQUIRE_BROWSER === '1' ? it : it.skip;
  // Skipped only where Chromium is missing and not required (CI installs it and requires it).
  browser('lets a person set a new password from the mailed link in Chromium', async () => {
    expect(existsSync(CHROMIUM), `Chromium is missing at ${CHROMIUM}`).toBe(true);
    const token = await resetTokenFor('grace@example.test');
    const chrome = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const tab = await chrome.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await tab.goto(`${base}/reset-password?token=${token}`);
      expect(new URL(tab.url()).search).toBe(''); // the token left the address bar
      await tab.fill('#password', 'a brand new passphrase');
      await tab.fill('#confirmPassword', 'a brand new passphrase');
      await tab.click('button[type=submit]');
      await tab.waitForSelector('#notice.ok', { timeout: 10_000 });
      expect(errors).toEqual([]);
      await expect(auth.login({ email: 'grace@example.test', password: 'a brand new passphrase' })).resolves.toMatchObject({
        user: { email: 'grace@example.test' },
      });
    } finally {
      await chrome.close();
    }
  });
});

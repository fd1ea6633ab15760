import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { resetPasswordPage } from './reset-password-page.js';

describe('resetPasswordPage() on Hono', () => {
  const app = new Hono();
  app.use(resetPasswordPage({ path: '/account/reset' }));
  app.get('*', (c) => c.text('app', 404));

  it('serves the page and its script at the configured path, and passes everything else on', async () => {
    const page = await app.request('/account/reset?token=abc');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('src="/account/reset/page.js"');
    expect((await app.request('/account/reset/page.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const head = await app.request('/account/reset', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(await (await app.request('/reset-password')).text()).toBe('app');
  });
});

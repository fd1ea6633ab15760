import { describe, expect, it } from 'vitest';
import { createResetPasswordPage } from './reset-password-page.js';

describe('createResetPasswordPage', () => {
  const page = createResetPasswordPage();

  it('answers GET and HEAD of /reset-password with the HTML page, its script and style', () => {
    const html = page.answer('GET', '/reset-password');
    expect(html?.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(html?.body).toContain('<form id="reset-form"');
    expect(html?.body).toContain('data-api="/api/v1/auth/reset-password"');
    expect(page.answer('HEAD', '/reset-password')?.status).toBe(200);
    expect(page.answer('GET', '/reset-password/page.js')?.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(page.answer('GET', '/reset-password/page.js')?.body).toContain("getAttribute('data-api')");
    expect(page.answer('GET', '/reset-password/page.css')?.headers['Content-Type']).toBe('text/css; charset=utf-8');
  });

  it('sends no referrer, allows nothing from elsewhere and no inline script, and is never cached', () => {
    const { headers } = page.answer('GET', '/reset-password')!;
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Cache-Control']).toBe('no-store');
    expect(headers['Content-Security-Policy']).toContain("default-src 'none'");
    expect(headers['Content-Security-Policy']).toContain("script-src 'self'");
    expect(headers['Content-Security-Policy']).not.toContain('unsafe-inline');
  });

  it('answers nothing for other methods and paths, including look-alikes and prototype keys', () => {
    for (const [method, path] of [
      ['POST', '/reset-password'],
      ['GET', '/reset-password/'],
      ['GET', '/Reset-Password'],
      ['GET', '/reset-password/other.js'],
      ['GET', '__proto__'],
      ['GET', 'constructor'],
    ] as const) {
      expect(page.answer(method, path), `${method} ${path}`).toBeUndefined();
    }
  });

  it('takes its path, API route and title from the options, escaped into the HTML', () => {
    const custom = createResetPasswordPage({ path: '/account/reset', apiPath: '/auth/reset?x="1"', title: 'Nouveau <mot de passe>' });
    const html = custom.answer('GET', '/account/reset')!.body;
    expect(html).toContain('data-api="/auth/reset?x=&quot;1&quot;"');
    expect(html).toContain('<title>Nouveau &lt;mot de passe&gt;</title>');
    expect(html).toContain('src="/account/reset/page.js"');
    expect(custom.answer('GET', '/reset-password')).toBeUndefined();
  });
});

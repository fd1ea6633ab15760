import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderConfirmationPage } from './confirmation-page.js';
import { handleDemoApp } from './demo-app-page.js';
import { PAGE_CONTENT_SECURITY_POLICY } from './page-headers.js';
import { handleResetPasswordPage } from './reset-password-page.js';

const get = (path: string) => ({ method: 'GET', path });
const ASSET_FILES = readdirSync(fileURLToPath(new URL('./assets/', import.meta.url)));

describe('handleDemoApp', () => {
  it('serves the demo app at / as HTML under a policy that allows no inline script or style', () => {
    const page = handleDemoApp(get('/'))!;
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    expect(PAGE_CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(PAGE_CONTENT_SECURITY_POLICY).toContain("style-src 'self'");
    expect(PAGE_CONTENT_SECURITY_POLICY).not.toContain('unsafe-');
    expect(page.body).toContain('<script type="module" src="/assets/demo-app.js"></script>');
  });

  it("tells the page's client to use cookie mode unless the server's cookies are off (AUTH_COOKIES=false)", () => {
    const META = '<meta name="gatehouse-session" content="cookies">';
    expect(handleDemoApp(get('/'), { cookies: 'auto' })!.body).toContain(META);
    expect(handleDemoApp(get('/'), { cookies: true })!.body).toContain(META);
    expect(handleDemoApp(get('/'), { cookies: false })!.body).not.toContain(META);
  });

  it('tells the page where the server-rendered account page is, only when the server says it has one', () => {
    const META = '<meta name="gatehouse-account-page" content="/account">';
    const withPage = handleDemoApp(get('/'), { cookies: 'auto', accountPage: '/account' })!.body;
    expect(withPage).toContain(META);
    expect(withPage).toContain('<meta name="gatehouse-session" content="cookies">');
    expect(handleDemoApp(get('/'), { cookies: 'auto' })!.body).not.toContain('gatehouse-account-page');
    // The nav's link is in the page, hidden until demo-app.js finds the meta tag.
    expect(withPage).toContain('<a id="account-page-link" href="/account" hidden>');
    // Only a path on this server: the link is shown to a signed-in person.
    for (const elsewhere of ['https://evil.example/account', '//evil.example/account', '/account"><script>'])
      expect(() => handleDemoApp(get('/'), { accountPage: elsewhere })).toThrow(/accountPage must be a path on this server/);
  });

  it('serves the style sheet and scripts with their types, and HEAD like GET', () => {
    expect(handleDemoApp(get('/assets/app.css'))?.headers['Content-Type']).toBe('text/css; charset=utf-8');
    const script = handleDemoApp({ method: 'HEAD', path: '/assets/session.js' })!;
    expect(script.headers).toMatchObject({ 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    expect(script.body).toContain('sessionStorage');
  });

  it('serves the built typed client under /assets/client/ as scripts, every module it imports included', () => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      const module = handleDemoApp(get(`/assets/client/${name}`));
      expect(module?.status, `/assets/client/${name}`).toBe(200);
      expect(module?.headers).toMatchObject({ 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      // The maps are not served, so no module may point a browser at one (a 404 in the console).
      expect(module!.body).not.toContain('sourceMappingURL');
      // A browser resolves only relative specifiers here: no bare package name may be imported.
      for (const [, specifier] of module!.body.matchAll(/(?:from|import)\s*'([^']+)'/g)) {
        expect(specifier).toMatch(/^\.\/[\w.-]+\.js$/);
        visit(specifier!.slice(2));
      }
    };
    visit('index.js');
    expect(handleDemoApp(get('/assets/client/index.js'))!.body).toContain('createGatehouseClient');
    expect(seen.size).toBeGreaterThan(3);
  });

  it('serves nothing else: no other method, no unknown file, no way out of the folder, not the .d.ts or the HTML as assets', () => {
    expect(handleDemoApp({ method: 'POST', path: '/' })).toBeUndefined();
    expect(handleDemoApp(get('/index.html'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/nope.js'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/../static-assets.ts'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/..%2fstatic-assets.js'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/password-rules.d.ts'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/index.html'))).toBeUndefined();
    expect(handleDemoApp(get('/reset-password'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/client/index.d.ts'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/client/index.js.map'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/client/../index.js'))).toBeUndefined();
    expect(handleDemoApp(get('/assets/client/nope.js'))).toBeUndefined();
  });
});

describe('handleResetPasswordPage', () => {
  it('serves the reset form with no referrer, so the token in its URL goes nowhere', () => {
    const page = handleResetPasswordPage(get('/reset-password'))!;
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({ 'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY, 'Referrer-Policy': 'no-referrer' });
    expect(page.body).toContain('<form id="reset-form"');
    expect(page.body).toContain('src="/assets/reset-password.js"');
    expect(handleResetPasswordPage(get('/reset-password.js'))).toBeUndefined();
    expect(handleResetPasswordPage({ method: 'POST', path: '/reset-password' })).toBeUndefined();
  });
});

describe('renderConfirmationPage', () => {
  it('says the address is confirmed, with status 200', () => {
    const page = renderConfirmationPage({ confirmed: true, status: 200, message: 'Your e-mail address is confirmed.' });
    expect(page.status).toBe(200);
    expect(page.headers['Content-Security-Policy']).toBe(PAGE_CONTENT_SECURITY_POLICY);
    expect(page.body).toContain('<h1 id="result-title">E-mail address confirmed</h1>');
    expect(page.body).toContain('<p id="result-message">Your e-mail address is confirmed.</p>');
  });

  it('says the link did not work, with the status of the error, and escapes the message', () => {
    const page = renderConfirmationPage({ confirmed: false, status: 400, message: 'Bad <b>token</b> & "more"' });
    expect(page.status).toBe(400);
    expect(page.body).toContain('This confirmation link did not work');
    expect(page.body).toContain('Bad &lt;b&gt;token&lt;/b&gt; &amp; &quot;more&quot;');
    expect(page.body).not.toContain('<b>');
  });
});

describe('the page files', () => {
  const pages = [
    handleDemoApp(get('/'))!.body,
    handleResetPasswordPage(get('/reset-password'))!.body,
    renderConfirmationPage({ confirmed: true, status: 200, message: 'ok' }).body,
  ];

  it('hold no inline script, inline style or event handler attribute (the policy would block them)', () => {
    for (const html of pages) {
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
      expect(html).not.toMatch(/<style|\sstyle=/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('refer only to assets that exist', () => {
    for (const html of pages) {
      for (const [, name] of html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)) expect(ASSET_FILES).toContain(name);
    }
    for (const file of ASSET_FILES.filter((name) => name.endsWith('.js'))) {
      const source = handleDemoApp(get(`/assets/${file}`))!.body;
      for (const [, name] of source.matchAll(/from '\.\/([^']+)'/g)) {
        if (name!.startsWith('client/')) expect(handleDemoApp(get(`/assets/${name}`))?.status).toBe(200);
        else expect(ASSET_FILES).toContain(name);
      }
    }
  });
});

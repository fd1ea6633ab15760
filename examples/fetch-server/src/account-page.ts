import type { Auth } from '@gatehousejs/core';
import { HTML_PAGE_HEADERS } from '@gatehousejs/example-server-kit';
import type { RequestFacts } from '@gatehousejs/fetch';
import { getSessionUser } from '@gatehousejs/http';
import { escapeHtml } from '@gatehousejs/mailer-smtp';

/** Where the server-rendered page is. */
export const ACCOUNT_PAGE_PATH = '/account';

/**
 * The account page's path when this server serves it, else `undefined`: only with
 * `cookies.serverReadable`, since otherwise the cookies are scoped to `/api/v1/auth` and a page never
 * sees them. The demo app links to it (`handleDemoApp`'s `accountPage`).
 */
export const accountPagePath = (auth: Auth<string>): string | undefined =>
  auth.config.cookies.serverReadable ? ACCOUNT_PAGE_PATH : undefined;

const page = (email: string, roles: readonly string[]) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your account · Gatehouse</title>
<link rel="stylesheet" href="/assets/app.css">
</head>
<body>
<main class="narrow">
<h1>Your account</h1>
<p>Signed in as <strong id="account-email">${escapeHtml(email)}</strong>, roles: <span id="account-roles">${escapeHtml(roles.join(', ') || 'none')}</span>.</p>
<p>This page was rendered on the server, which read the session from its cookies (<code>getSessionUser</code>).</p>
<p><a href="/">Back to the demo app</a></p>
</main>
</body>
</html>
`;

/**
 * `GET /account`: a server-rendered page that knows who is signed in from the session cookies
 * alone, no script involved (docs/browser-sessions.md, "Server-rendered apps"). It reads the
 * access-token cookie, or refreshes through the refresh cookie when that has expired and forwards
 * the rotated cookies; signed out, it sends the browser to the demo app's sign-in. Served only with
 * `AUTH_COOKIES_SERVER_READABLE=true`: otherwise the cookies are scoped to `/api/v1/auth` and a
 * page never sees them. Returns `undefined` for any other request.
 */
export async function handleAccountPage(auth: Auth<string>, request: Request, facts: RequestFacts): Promise<Response | undefined> {
  const path = accountPagePath(auth);
  if (path === undefined || new URL(request.url).pathname !== path) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const client = {
    clientAddress: facts.peerAddress,
    requestId: facts.requestId,
    userAgent: request.headers.get('user-agent') ?? undefined,
  };
  const { user, setCookies } = await getSessionUser(auth, request.headers, { client });
  // The answer depends on the cookies: no cache may hand one person's page to another.
  const headers = new Headers({ ...HTML_PAGE_HEADERS, Vary: 'Cookie' });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  if (!user) {
    headers.set('Location', '/');
    return new Response(null, { status: 303, headers });
  }
  return new Response(request.method === 'HEAD' ? null : page(user.email ?? user.id, user.roles), { status: 200, headers });
}

import { RESET_PAGE_SCRIPT } from './page-script.js';

export interface ResetPasswordPageOptions {
  /** Where the page is served; the reset mail links here (default `/reset-password`, CONTRACT §7). */
  path?: string;
  /** The API route the page posts to (default `/api/v1/auth/reset-password`). */
  apiPath?: string;
  /** Shown in the title and heading (default "Choose a new password"). */
  title?: string;
}

/** A static answer of the reset page: status 200, its headers and body. */
export interface PageAnswer {
  status: 200;
  headers: Record<string, string>;
  body: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only files of this origin, no framing, no referrer: the page's URL holds a one-time token. */
const PAGE_HEADERS = Object.freeze({
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
});

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1d2430}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit}.notice{padding:.75rem;border-radius:.4rem;margin:1rem 0}
.notice.error{background:#fde8e8}.notice.ok{background:#e6f6ea}
`;

/**
 * The page the password-reset mail links to (`APP_URL/reset-password?token=…`), for apps that do
 * not build their own: a form for the new password that posts it with the token to the API and
 * shows the API's answer. Framework-neutral: `answer(method, path)` returns the page, its script or
 * its style for GET and HEAD, or `undefined`; `resetPasswordPage()` of the Express and Hono adapters
 * serve it. The token never leaves the page except to the API (no referrer, nothing from elsewhere).
 *
 * @example
 * const page = createResetPasswordPage();
 * page.answer('GET', '/reset-password')?.headers['Content-Type']; // 'text/html; charset=utf-8'
 */
export function createResetPasswordPage(options: ResetPasswordPageOptions = {}) {
  const path = options.path ?? '/reset-password';
  const title = escapeHtml(options.title ?? 'Choose a new password');
  const html = `<!doctype html>
<html lang="en" data-api="${escapeHtml(options.apiPath ?? '/api/v1/auth/reset-password')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="${escapeHtml(path)}/page.css">
<script src="${escapeHtml(path)}/page.js" defer></script>
</head>
<body>
<main>
<h1>${title}</h1>
<div id="notice" role="alert" hidden></div>
<form id="reset-form" novalidate>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="128" required>
<label for="confirmPassword">Repeat the new password</label>
<input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" minlength="8" maxlength="128" required>
<button type="submit">Set password</button>
</form>
</main>
</body>
</html>
`;
  const files: Record<string, PageAnswer> = {
    [path]: { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_HEADERS }, body: html },
    [`${path}/page.js`]: {
      status: 200,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', ...PAGE_HEADERS },
      body: RESET_PAGE_SCRIPT,
    },
    [`${path}/page.css`]: { status: 200, headers: { 'Content-Type': 'text/css; charset=utf-8', ...PAGE_HEADERS }, body: STYLE },
  };
  return {
    /** The page (or its script or style) for GET or HEAD of its paths; `undefined` for anything else. */
    answer(method: string, requestPath: string): PageAnswer | undefined {
      if (method !== 'GET' && method !== 'HEAD') return undefined;
      const file = Object.hasOwn(files, requestPath) ? files[requestPath] : undefined;
      return file && { status: 200, headers: { ...file.headers }, body: file.body };
    },
  };
}

export type ResetPasswordPage = ReturnType<typeof createResetPasswordPage>;

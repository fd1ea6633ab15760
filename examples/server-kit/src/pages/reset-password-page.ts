import type { PageRequest, PageResponse } from '../web-response.js';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose a new password · Gatehouse</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem; color: #1f2328; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; padding: .5rem; font: inherit; box-sizing: border-box; }
  button { margin-top: 1.25rem; padding: .6rem 1.2rem; font: inherit; cursor: pointer; }
  #result { margin-top: 1rem; }
  .error { color: #b42318; } .ok { color: #067647; }
</style>
</head>
<body>
<h1>Choose a new password</h1>
<form id="reset" novalidate>
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="128" required>
  <label for="confirmPassword">Repeat the new password</label>
  <input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" minlength="8" maxlength="128" required>
  <button type="submit">Set password</button>
</form>
<p id="result" role="status" aria-live="polite"></p>
<script src="/reset-password.js"></script>
</body>
</html>`;

// Served as a file so the page can forbid inline scripts in its Content-Security-Policy.
const SCRIPT = `(() => {
  const form = document.getElementById('reset');
  const result = document.getElementById('result');
  const token = new URLSearchParams(location.search).get('token') || '';
  const show = (text, ok) => { result.textContent = text; result.className = ok ? 'ok' : 'error'; };
  if (!token) show('This link has no reset token. Request a new reset e-mail.', false);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const password = form.password.value;
    const confirmPassword = form.confirmPassword.value;
    if (password !== confirmPassword) return show('The two passwords do not match.', false);
    try {
      const response = await fetch('/api/v1/auth/reset-password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, password, confirmPassword }),
      });
      const body = await response.json().catch(() => ({}));
      const details = Array.isArray(body.details) ? ' ' + body.details.map((d) => d.message).join('; ') : '';
      show((body.message || 'Something went wrong.') + (response.ok ? '' : details), response.ok);
      if (response.ok) form.hidden = true;
    } catch {
      show('The server could not be reached. Try again.', false);
    }
  });
})();
`;

const CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * `GET /reset-password?token=…`: the page the reset mail links to (CONTRACT §7), and its script at
 * `GET /reset-password.js`. It posts to `/api/v1/auth/reset-password`; the token stays in the page
 * and is never sent to a third party (no referrer, no external asset). Returns `undefined` for any
 * other request.
 */
export function handleResetPasswordPage(req: Pick<PageRequest, 'method' | 'path'>): PageResponse | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.path === '/reset-password') {
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': CSP,
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
      body: PAGE,
    };
  }
  if (req.path === '/reset-password.js') {
    return {
      status: 200,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
      body: SCRIPT,
    };
  }
  return undefined;
}

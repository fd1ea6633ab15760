import type { AuthPages, VerifyEmailOutcome } from '@gatehousejs/http';
import { escapeHtml } from '@gatehousejs/mailer-smtp';
import type { PageResponse } from '../web-response.js';
import { HTML_PAGE_HEADERS } from './page-headers.js';

function render(outcome: VerifyEmailOutcome): string {
  const title = outcome.confirmed ? 'E-mail address confirmed' : 'This confirmation link did not work';
  const next = outcome.confirmed
    ? '<p><a href="/">Continue to the app</a></p>'
    : '<p class="muted">Confirmation links work once and expire. If you already confirmed your address, just log in.</p>\n<p><a href="/">Go to the sign-in page</a></p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Gatehouse</title>
<link rel="stylesheet" href="/assets/app.css">
</head>
<body>
<header class="top"><a class="brand" href="/">Gatehouse <span class="brand-tag">demo</span></a></header>
<main class="narrow">
<section class="card result ${outcome.confirmed ? 'ok' : 'error'}" aria-labelledby="result-title">
<div class="result-mark" aria-hidden="true">${outcome.confirmed ? '&#10003;' : '&#10007;'}</div>
<h1 id="result-title">${escapeHtml(title)}</h1>
<p id="result-message">${escapeHtml(outcome.message)}</p>
${next}
</section>
</main>
</body>
</html>
`;
}

/**
 * The page a browser gets from the mail's confirmation link (`GET /api/v1/auth/verify-email`),
 * saying whether the address was confirmed, with the status the JSON answer would have had. It
 * runs no script. API clients keep getting JSON (see `prefersHtml` in `@gatehousejs/http`).
 *
 * @example
 * renderConfirmationPage({ confirmed: true, status: 200, message: 'Your e-mail address is confirmed.' }).status; // 200
 */
export function renderConfirmationPage(outcome: VerifyEmailOutcome): PageResponse {
  return { status: outcome.status, headers: { ...HTML_PAGE_HEADERS }, body: render(outcome) };
}

/**
 * The pages the example gives its auth routes: pass them to the adapter.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth, { pages: examplePages }));
 */
export const examplePages: AuthPages = Object.freeze({ verifyEmail: renderConfirmationPage });

/**
 * What the confirmation link did, for a page that tells the person who clicked it. `status` is the
 * status the JSON answer would have had (200, or the error's 4xx); `message` is the same sentence.
 */
export type VerifyEmailOutcome = { confirmed: true; status: 200; message: string } | { confirmed: false; status: number; message: string };

/** An HTML answer: its headers (at least `Content-Type`; a `Content-Security-Policy` too) and body. */
export interface HtmlPage {
  headers: Record<string, string>;
  body: string;
}

/**
 * Optional pages for the auth routes a person opens in a browser rather than an API client calls.
 * Today that is the confirmation link of the e-mail (`GET /verify-email?token=…`). A route answers
 * with the page only when the request prefers HTML (see `prefersHtml`); API clients keep getting
 * JSON. Without pages, every route answers JSON.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth, {
 *   pages: { verifyEmail: (o) => ({ headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: `<p>${escape(o.message)}</p>` }) },
 * }));
 */
export interface AuthPages {
  verifyEmail?(outcome: VerifyEmailOutcome): HtmlPage;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Each media range of an `Accept` header with its quality (1 when absent, 0 when malformed). */
function mediaRanges(accept: string): Array<{ type: string; q: number }> {
  return accept.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const qParam = params.find((param) => /^q\s*=/.test(param));
    const q = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/, ''));
    return { type, q: Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0 };
  });
}

/**
 * True when the client names HTML explicitly and ranks it above JSON: a browser following a link
 * (`text/html,application/xhtml+xml,…,*\/*;q=0.8`). `*\/*`, a missing header, `application/json`, or
 * HTML and JSON at equal rank all mean JSON, so API clients and tools such as curl are unaffected.
 *
 * @example
 * prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*\/*;q=0.8'); // true
 * prefersHtml('application/json, text/html'); // false
 * prefersHtml(undefined); // false
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const range of mediaRanges(accept)) {
    if (HTML_TYPES.has(range.type)) html = Math.max(html, range.q);
    if (range.type === 'application/json') json = Math.max(json, range.q);
  }
  return html > 0 && html > json;
}

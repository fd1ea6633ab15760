/**
 * What an operation that honours cookie mode (docs/browser-sessions.md) adds to the document: the
 * `Gatehouse-Session` request header that asks for it under `cookies.enabled: 'auto'`, and the
 * `Set-Cookie` header of the answers that set or clear the session cookies. The routes decide it
 * in `session-cookies/session-answer.ts`; an operation names its answers in `Operation.cookieMode`.
 */

/** `Gatehouse-Session: cookie`, the browser client's request for cookie mode (`usesCookies`). */
export const SESSION_MODE_PARAMETER = Object.freeze({
  name: 'Gatehouse-Session',
  in: 'header',
  required: false,
  description:
    "`cookie` asks for cookie mode under `AUTH_COOKIES=auto` (the examples' default): the refresh token travels in an HttpOnly session cookie instead of the body, and the request must come from a trusted origin. Ignored under `AUTH_COOKIES=true` (always cookie mode) and `false` (never).",
  schema: { type: 'string', enum: ['cookie'] },
});

/** The `Set-Cookie` header of one answer, with what it sets or clears there. */
export const setCookieHeader = (description: string) => ({
  'Set-Cookie': { description, schema: { type: 'string' } },
});

/** Login, register, refresh, the social exchange, MFA and passkey sign-in: the pair goes into cookies. */
export const SETS_SESSION =
  'In cookie mode: the session cookies (the refresh token, and the access token with `serverReadable`); the refresh token is then left out of the body.';

/** Logout, logout-all, account deletion: the browser's session cookies go with the session. */
export const CLEARS_SESSION = 'In cookie mode: the session cookies, cleared.';

/** A refresh token read from the cookie and refused: the browser stops sending it. */
export const CLEARS_REFUSED = 'In cookie mode, when the refresh token came from the cookie: that cookie, cleared.';

import { AuthError, isAuthError, type AccessTokenPayload, type Auth, type RequestContext } from '@gatehousejs/core';
import { prefersHtml, type AuthPages, type VerifyEmailOutcome } from './auth-pages.js';
import { toErrorResponse } from './http-error.js';
import { MFA_AUTH_ROUTES } from './mfa-routes.js';
import { PASSKEY_AUTH_ROUTES } from './passkey-routes.js';
import { JWKS_ROUTES } from './jwks-route.js';

export interface AuthRouteInput {
  /** The request's method; a GET route is also answered for HEAD, which must change nothing. */
  method?: string;
  body: unknown;
  query: Record<string, unknown>;
  /** Set for routes with `access: 'authenticated'`, by the adapter's guard. */
  user: AccessTokenPayload<string> | undefined;
  /** What the adapter knows of the caller (client address for rate limits and audit events). */
  client: RequestContext;
  /** The request's `Accept` header; with `pages`, lets a route answer a browser with a page. */
  accept?: string | undefined;
  /** The adapter's optional pages (its `pages` option). */
  pages?: AuthPages | undefined;
}

export interface AuthRouteResult {
  status: number;
  /** The JSON body; none for 204. */
  body?: unknown;
  /** An HTML body to send as it is instead of JSON (`headers` then carry its `Content-Type`). */
  html?: string;
  /** Headers to add to the answer. */
  headers?: Record<string, string>;
}

/** One route of CONTRACT §1, independent of any framework; paths are relative to `/api/v1/auth`. */
export interface AuthRoute {
  method: 'GET' | 'POST';
  path: string;
  access: 'public' | 'authenticated';
  handle(auth: Auth<string>, input: AuthRouteInput): Promise<AuthRouteResult>;
}

const requireUser = (input: AuthRouteInput): AccessTokenPayload<string> => {
  // The adapter's guard runs before any 'authenticated' route; reaching here without a user is a bug.
  if (!input.user) throw new AuthError('INTERNAL_ERROR', 'authenticated route reached without a verified user');
  return input.user;
};

/**
 * The confirmation link of the mail. A browser that follows it gets the adapter's page when there
 * is one (saying whether the address was confirmed, with the status the JSON would have had); API
 * clients get JSON as always. Unexpected errors still go to the adapter's error handler.
 */
async function verifyEmailRoute(auth: Auth<string>, input: AuthRouteInput): Promise<AuthRouteResult> {
  // Mail scanners and link previews send HEAD before anyone clicks: it must not use the link up
  // (CONTRACT §8). HEAD gets an empty answer and the token is not even looked at.
  if (input.method?.toUpperCase() === 'HEAD') return { status: 200, headers: { 'Cache-Control': 'no-store' } };
  const render = input.pages?.verifyEmail;
  if (!render) return { status: 200, body: await auth.verifyEmail(input.query, input.client) };
  // The answer depends on Accept from here on: a cache must not hand the page to an API client.
  const vary = { Vary: 'Accept' };
  if (!prefersHtml(input.accept)) return { status: 200, body: await auth.verifyEmail(input.query, input.client), headers: vary };
  let outcome: VerifyEmailOutcome;
  try {
    const { message } = await auth.verifyEmail(input.query, input.client);
    outcome = { confirmed: true, status: 200, message };
  } catch (error) {
    if (!isAuthError(error)) throw error;
    const { status, body } = toErrorResponse(error);
    if (status >= 500) throw error;
    outcome = { confirmed: false, status, message: body.message };
  }
  const page = render(outcome);
  return { status: outcome.status, html: page.body, headers: { ...page.headers, ...vary } };
}

/** The `/api/v1/auth` routes of CONTRACT §1. Adapters mount these; they hold no rule of their own. */
export const AUTH_ROUTES: readonly AuthRoute[] = Object.freeze([
  {
    method: 'POST',
    path: '/register',
    access: 'public',
    handle: async (a, i) => ({
      status: 201,
      body: a.config.concealRegisteredEmails ? await a.registerConcealed(i.body, i.client) : await a.register(i.body, i.client),
    }),
  },
  { method: 'POST', path: '/login', access: 'public', handle: async (a, i) => ({ status: 200, body: await a.signIn(i.body, i.client) }) },
  {
    method: 'POST',
    path: '/refresh-token',
    access: 'public',
    handle: async (a, i) => ({ status: 200, body: await a.refresh(i.body, i.client) }),
  },
  {
    method: 'POST',
    path: '/verify-token',
    access: 'authenticated',
    handle: async (a, i) => ({ status: 200, body: a.describeToken(requireUser(i)) }),
  },
  { method: 'GET', path: '/verify-email', access: 'public', handle: verifyEmailRoute },
  {
    method: 'POST',
    path: '/forgot-password',
    access: 'public',
    handle: async (a, i) => ({ status: 200, body: await a.forgotPassword(i.body, i.client) }),
  },
  {
    method: 'POST',
    path: '/reset-password',
    access: 'public',
    handle: async (a, i) => ({ status: 200, body: await a.resetPassword(i.body, i.client) }),
  },
  {
    method: 'POST',
    path: '/logout',
    access: 'public',
    handle: async (a, i) => {
      await a.logout(i.body, i.client);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/logout-all',
    access: 'authenticated',
    handle: async (a, i) => {
      await a.logoutAll(requireUser(i).id, i.client);
      return { status: 204 };
    },
  },
  ...MFA_AUTH_ROUTES,
  ...PASSKEY_AUTH_ROUTES,
  ...JWKS_ROUTES,
] satisfies AuthRoute[]);

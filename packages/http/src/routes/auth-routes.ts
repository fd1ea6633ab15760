import { AuthError, isAuthError, type AccessTokenPayload, type Auth } from '@gatehousejs/core';
import { prefersHtml, type VerifyEmailOutcome } from '../pages/auth-pages.js';
import { toErrorResponse } from '../rules/http-error.js';
import { ACCOUNT_AUTH_ROUTES } from './account-routes.js';
import { JWKS_ROUTES } from './jwks-route.js';
import { MFA_AUTH_ROUTES } from './mfa-routes.js';
import { PASSKEY_AUTH_ROUTES } from './passkey-routes.js';
import type { Route, RouteInput, RouteResult } from './route.js';
import {
  assertSignInOrigin,
  clearingOnRefusal,
  endedSessionAnswer,
  refreshCredential,
  sessionAnswer,
} from '../session-cookies/session-answer.js';

/** What an auth route reads from the request: the kernel's one `RouteInput`. */
export type AuthRouteInput = RouteInput;

/** What an auth route answers: the kernel's one `RouteResult`. */
export type AuthRouteResult = RouteResult;

/** One route of CONTRACT §1 (the one `Route` shape, `access` always said); paths are relative to `/api/v1/auth`. */
export interface AuthRoute extends Route {
  method: 'GET' | 'POST';
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
  ...ACCOUNT_AUTH_ROUTES,
  {
    method: 'POST',
    path: '/register',
    access: 'public',
    handle: async (a, i) => {
      assertSignInOrigin(a, i);
      const body = a.config.concealRegisteredEmails ? await a.registerConcealed(i.body, i.client) : await a.register(i.body, i.client);
      return sessionAnswer(a, i, 201, body);
    },
  },
  {
    method: 'POST',
    path: '/login',
    access: 'public',
    handle: async (a, i) => {
      assertSignInOrigin(a, i);
      // A second factor answers the challenge, which carries no token: sessionAnswer leaves it as it is.
      return sessionAnswer(a, i, 200, await a.signIn(i.body, i.client));
    },
  },
  {
    method: 'POST',
    path: '/refresh-token',
    access: 'public',
    handle: async (a, i) => {
      // In cookie mode the refresh token may come from the cookie (CSRF-checked); see session-answer.ts.
      const credential = refreshCredential(a, i);
      return sessionAnswer(a, i, 200, await clearingOnRefusal(a, credential, () => a.refresh(credential.body, i.client)));
    },
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
      const credential = refreshCredential(a, i);
      await clearingOnRefusal(a, credential, () => a.logout(credential.body, i.client));
      return endedSessionAnswer(a, i);
    },
  },
  {
    method: 'POST',
    path: '/logout-all',
    access: 'authenticated',
    handle: async (a, i) => {
      await a.logoutAll(requireUser(i).id, i.client);
      return endedSessionAnswer(a, i);
    },
  },
  ...MFA_AUTH_ROUTES,
  ...PASSKEY_AUTH_ROUTES,
  ...JWKS_ROUTES,
] satisfies AuthRoute[]);

import { AuthError, type AccessTokenPayload, type Auth } from '@gatehousejs/core';
import type { Route, RouteInput, RouteResult } from './route.js';
import { clearOauthCookie, oauthCookie, readOauthCookie } from './oauth-cookie.js';
import { assertSignInOrigin, sessionAnswer } from '../session-cookies/session-answer.js';

/** What a social route reads: the kernel's one `RouteInput`, with the cookie and the callback's parameters. */
export type SocialRouteInput = RouteInput & {
  params: Record<string, string>;
  /** The raw `Cookie` header. */
  cookie: string | undefined;
  /** The callback's parameters: the query string, or the form body of a form_post callback. */
  parameters: URLSearchParams;
};

export type SocialRouteResult = RouteResult;

/** One social sign-in route (the one `Route` shape); `path` is relative to `/api/v1/auth`. */
export interface SocialRoute extends Route {
  method: 'GET' | 'POST';
  access: 'public' | 'authenticated';
  handle(auth: Auth<string>, input: SocialRouteInput): Promise<SocialRouteResult>;
}

const requireUser = (input: SocialRouteInput): AccessTokenPayload<string> => {
  // The adapter's guard runs before any 'authenticated' route; reaching here without a user is a bug.
  if (!input.user) throw new AuthError('INTERNAL_ERROR', 'authenticated route reached without a verified user');
  return input.user;
};

/** A browser is sent on: no cache may keep the answer, and the URL (with its code) leaks to no one. */
const NAVIGATION_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

const isFormPostProvider = (auth: Auth<string>, provider: string | undefined) =>
  provider === 'apple' && auth.social.providers().some((p) => p.id === 'apple');

async function callback(auth: Auth<string>, input: SocialRouteInput, status: 302 | 303): Promise<SocialRouteResult> {
  const secure = auth.social.secureCookies;
  const browserKey = readOauthCookie(input.cookie, secure);
  const outcome = await auth.social.callback(input.params.provider, input.parameters, browserKey, input.client);
  // A code was issued: the cookie stays (SameSite=Lax, the code's lifetime) for the exchange from this browser.
  const keep = browserKey !== undefined && (outcome.browserKeyMaxAgeSeconds ?? 0) > 0;
  const cookie = keep
    ? oauthCookie(browserKey, { secure, maxAgeSeconds: outcome.browserKeyMaxAgeSeconds!, crossSitePost: false })
    : clearOauthCookie(secure);
  return { status, headers: { ...NAVIGATION_HEADERS, Location: outcome.location, 'Set-Cookie': cookie } };
}

/**
 * The social sign-in routes under `/api/v1/auth` (CONTRACT §8). Adapters mount these beside
 * `AUTH_ROUTES`; the rules are in core (`auth.social`).
 */
export const OAUTH_ROUTES: readonly SocialRoute[] = Object.freeze([
  {
    method: 'GET',
    path: '/oauth/providers',
    access: 'public',
    handle: async (auth) => ({ status: 200, body: { providers: auth.social.providers() } }),
  },
  {
    method: 'GET',
    path: '/oauth/:provider',
    access: 'public',
    async handle(auth, input) {
      const start = await auth.social.start(input.params.provider, input.query.redirect_uri, input.client);
      const cookie = oauthCookie(start.browserKey, {
        secure: auth.social.secureCookies,
        maxAgeSeconds: start.maxAgeSeconds,
        crossSitePost: isFormPostProvider(auth, input.params.provider),
      });
      return { status: 302, headers: { ...NAVIGATION_HEADERS, Location: start.url, 'Set-Cookie': cookie } };
    },
  },
  { method: 'GET', path: '/oauth/:provider/callback', access: 'public', handle: (auth, input) => callback(auth, input, 302) },
  {
    method: 'POST',
    path: '/oauth/:provider/callback',
    access: 'public',
    body: 'form',
    handle: (auth, input) => callback(auth, input, 303),
  },
  {
    method: 'POST',
    path: '/oauth/exchange',
    access: 'public',
    handle: async (auth, input) => {
      assertSignInOrigin(auth, input);
      const secure = auth.social.secureCookies;
      const body = await auth.social.exchange(input.body, readOauthCookie(input.cookie, secure), input.client);
      return sessionAnswer(auth, input, 200, body, { 'Cache-Control': 'no-store', 'Set-Cookie': clearOauthCookie(secure) });
    },
  },
  {
    method: 'POST',
    path: '/oauth/:provider/link',
    access: 'authenticated',
    async handle(auth, input) {
      const start = await auth.social.startLink(requireUser(input).id, input.params.provider, input.body, input.client);
      const cookie = oauthCookie(start.browserKey, {
        secure: auth.social.secureCookies,
        maxAgeSeconds: start.maxAgeSeconds,
        crossSitePost: isFormPostProvider(auth, input.params.provider),
      });
      return { status: 200, body: { url: start.url }, headers: { 'Cache-Control': 'no-store', 'Set-Cookie': cookie } };
    },
  },
] satisfies SocialRoute[]);

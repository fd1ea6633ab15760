import type { AccessTokenPayload, Auth, RequestContext } from '@gatehousejs/core';
import type { AuthPages } from '../pages/auth-pages.js';

/** What a route reads from the request; the kernel fills it in, whichever framework is underneath. */
export interface RouteInput {
  /** The request's method; a GET route is also answered for HEAD, which must change nothing. */
  method?: string;
  /** The body after the rules: parsed JSON (`undefined` when empty), or for a form route `URLSearchParams`. */
  body: unknown;
  /** The query, a repeated key as an array (`queryFromSearchParams`). */
  query: Record<string, unknown>;
  /** The path parameters (`:id`, `:provider`), decoded; the kernel always fills them. */
  params?: Readonly<Record<string, string | undefined>>;
  /** The verified caller; set on every route that is not public. */
  user: AccessTokenPayload<string> | undefined;
  /** What the adapter knows of the caller (client address for rate limits and audit events). */
  client: RequestContext;
  /** The request's `Accept` header; with `pages`, lets a route answer a browser with a page. */
  accept?: string | undefined;
  /** The adapter's optional pages (its `pages` option). */
  pages?: AuthPages | undefined;
  /** The raw `Cookie` header. */
  cookie?: string | undefined;
  /** The `Origin` header: cookie mode's CSRF check reads it. */
  origin?: string | undefined;
  /** The `Sec-Fetch-Site` header: cookie mode's CSRF check reads it where `Origin` is absent. */
  fetchSite?: string | undefined;
  /** The `Gatehouse-Session` header: `cookie` asks for cookie mode where it is `'auto'` (`usesCookies`). */
  sessionMode?: string | undefined;
  /** The query string's parameters, or the form body of a form route (a form_post callback). */
  parameters?: URLSearchParams;
}

/** What a route answers; the kernel writes it. */
export interface RouteResult {
  status: number;
  /** The JSON body; none for 204. */
  body?: unknown;
  /** An HTML body to send as it is instead of JSON (`headers` then carry its `Content-Type`). */
  html?: string;
  /** Headers to add to the answer. */
  headers?: Record<string, string>;
  /** `Set-Cookie` values, one header each (cookie mode sets two at once under `serverReadable`). */
  cookies?: readonly string[];
}

/**
 * One route of the library, independent of any framework: the one shape of the auth, user and
 * social route tables. Deny by default: a route is public only with `access: 'public'`; otherwise
 * it needs a valid access token, and with `roles` one of them (OR).
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to where the table is mounted; `:name` is a parameter (one whole, non-empty segment). */
  path: string;
  /** `public`: anyone. Absent or `authenticated`: a valid access token. */
  access?: 'public' | 'authenticated';
  /** Any of these roles (checked after the token); absent: any signed-in account. */
  roles?: readonly string[] | undefined;
  /** Also an account whose address is not confirmed yet, under `requireEmailVerification`. */
  allowsUnconfirmed?: true;
  /** `form`: an `application/x-www-form-urlencoded` body (Apple's form_post). Default: the JSON rules. */
  body?: 'json' | 'form';
  handle(auth: Auth<string>, input: RouteInput): Promise<RouteResult>;
}

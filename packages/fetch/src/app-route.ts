import type { AccessTokenPayload, RequestContext, Role } from '@gatehousejs/core';
import {
  routeRule,
  routeTable,
  type Admission,
  type Exchange,
  type Route,
  type RouteRule,
  type RouteTable,
} from '@gatehousejs/http/adapter';

/** What an app route's handler receives besides the `Request`: what the guard found, and the body after the rules. */
export interface AppRouteContext {
  /** The verified caller; `undefined` only on a public route. Typed with the registered role set (`Register`). */
  user: AccessTokenPayload | undefined;
  /** The path parameters (`:id`), decoded. */
  params: Readonly<Record<string, string>>;
  /** The JSON body after the contract's rules (`undefined` when empty or for `body: 'none'`). */
  body: unknown;
  /** The client's address (through the trusted proxies) and the request id, as core's flows take them. */
  client: RequestContext;
}

/**
 * A route of the app's own, served by the handler behind its deny-by-default guard: without
 * `access`, it needs a valid access token; with `roles`, one of them (OR, through the role
 * hierarchy). Only `access: 'public'` opens it to anyone.
 *
 * @example
 * const reports: AppRoute = {
 *   method: 'GET',
 *   path: '/reports',
 *   roles: ['manager', 'admin'],
 *   handle: () => Response.json([]),
 * };
 */
export interface AppRoute {
  method: Route['method'];
  /** Relative to the handler's `basePath`; `:name` is a parameter (one whole, non-empty segment). */
  path: string;
  /** `public`: anyone. `unconfirmed-allowed`: a valid token, also of an account not confirmed yet. Default: a valid token. */
  access?: 'public' | 'protected' | 'unconfirmed-allowed';
  /**
   * Any of these roles; a route that names roles always needs a token (even if marked public).
   * Typed with the registered role set (`Register` in `@gatehousejs/core`), else the spec's four.
   */
  roles?: readonly Role[];
  /** Every one of these roles (AND, beyond the spec), as `allRoles` on the other adapters. */
  allRoles?: readonly Role[];
  /**
   * `json` (default): the body is read under the contract's rules (413, 415, 400) into
   * `context.body`. `none`: the body is left in the `Request` for the handler to read.
   */
  body?: 'json' | 'none';
  handle(request: Request, context: AppRouteContext): Response | Promise<Response>;
}

/** An app route in the kernel's route shape, so the kernel's table matches it as it matches the library's, with its rule. */
type TabledRoute = Route & { app: AppRoute; rule: RouteRule };

const notDispatched = (): never => {
  throw new Error('app routes are served by serveAppRoute, not by the kernel');
};

/** The app's routes compiled once, matched exactly as the library's routes are (`routeTable`). */
export function appRouteTable(routes: readonly AppRoute[]): RouteTable<TabledRoute> {
  return routeTable(
    routes.map(
      (app): TabledRoute => ({
        method: app.method,
        path: app.path,
        access: app.access === 'public' ? 'public' : 'authenticated',
        ...(app.roles ? { roles: app.roles } : {}),
        handle: notDispatched,
        app,
        rule: routeRule({
          public: app.access === 'public',
          unconfirmedAllowed: app.access === 'unconfirmed-allowed',
          roles: app.roles,
          allRoles: app.allRoles,
        }),
      }),
    ),
  );
}

/** Admits the request to an app route (token, roles, body rules) and runs its handler. */
export async function serveAppRoute(
  admission: Admission,
  { app, rule }: TabledRoute,
  params: Record<string, string>,
  request: Request,
  exchange: Exchange<Response>,
): Promise<Response> {
  const { user, body } = await admission.admitRoute(exchange, rule, app.body === 'none' ? 'none' : 'json');
  // The registered role set is the verifier's, which checked the token's roles.
  return app.handle(request, { user: user as AccessTokenPayload | undefined, params, body, client: admission.client(exchange) });
}

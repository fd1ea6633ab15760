import { routeGuards, type RouteGuards } from '@gatehousejs/http';
import type { Context, MiddlewareHandler } from 'hono';
import { honoExchange } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';

type Guards = RouteGuards<Context, MiddlewareHandler<GatehouseEnv>>;

/** The guards of `@gatehousejs/http` bound to Hono: a middleware awaits its check, then `next()`; what it throws goes to `onError`. */
export const guards: Guards = routeGuards<Context, MiddlewareHandler<GatehouseEnv>>({
  middleware: (check) => (c, next) => {
    const pending = check(c);
    return pending ? pending.then(() => next()) : next();
  },
  exchange: (c) => honoExchange(c),
  setUser: (c, user) => (c as Context<GatehouseEnv>).set('user', user),
  setBody: (c, body) => (c as Context<GatehouseEnv>).set('body', body),
});

/**
 * Marks a route of a `secureRoutes` app as open to anyone; only routes carrying it skip authentication.
 * @example api.get('/health', publicRoute, (c) => c.json({ status: 'ok' }));
 */
export const publicRoute: MiddlewareHandler = guards.publicRoute;

/**
 * Marks a route an account whose address is not confirmed yet may call (still with a valid token).
 * @example api.put('/users/me/email', unconfirmedAllowed, (c) => c.json({ message: 'sent' }, 202));
 */
export const unconfirmedAllowed: MiddlewareHandler = guards.unconfirmedAllowed;

/**
 * Verifies the bearer token and sets `c.get('user')`; 401 otherwise (a `secureRoutes` app does it for you).
 * @example app.get('/me', authenticate(auth), (c) => c.json(requireUser(c)));
 */
export const authenticate: Guards['authenticate'] = guards.authenticate;

/**
 * The user the Gatehouse guard verified; the 401 error when none did, never a 500. `c.get('user')`
 * is typed as possibly absent: this is the typed way to say "this route is protected".
 * @example api.get('/users/me', async (c) => c.json(await auth.getUserProfile(requireUser(c).id)));
 */
export const requireUser: Guards['requireUser'] = guards.requireUser;

/**
 * The user needs one of the roles (OR; with a `roleHierarchy`, a role counts as those it implies),
 * else 403. On a plain Hono app pass `auth` first: it verifies the token itself (401 without).
 * The roles are those of `auth`, else of the registered instance (`Register`), else the spec's four.
 *
 * @example
 * api.get('/reports', roles('manager', 'admin', 'super'), (c) => c.json({ reports: [] }));
 * plainApp.get('/reports', roles(auth, 'manager'), (c) => c.json({ reports: [] }));
 */
export const roles: Guards['roles'] = guards.roles;

/**
 * The user needs every one of the roles (AND, beyond the spec); otherwise as `roles`.
 * @example api.get('/audit', allRoles('manager', 'user'), (c) => c.json({ ok: true }));
 */
export const allRoles: Guards['allRoles'] = guards.allRoles;

/**
 * 403 `REAUTHENTICATION_REQUIRED` unless the session authenticated at most `maxAgeSeconds` ago (default 10 minutes).
 * @example api.post('/billing/card', recentAuth(auth), (c) => c.json({ ok: true }));
 */
export const recentAuth: Guards['recentAuth'] = guards.recentAuth;

/**
 * The JSON body rules into `c.get('body')` (413 over `limitBytes`, 16 KiB; 415; 400; empty is
 * `undefined`); `c.req.json()` keeps working after. `secureRoutes` applies them on every route.
 * @example app.post('/echo', jsonBody(), (c) => c.json({ received: c.get('body') }));
 */
export const jsonBody: Guards['jsonBody'] = guards.jsonBody;

import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { Context, MiddlewareHandler } from 'hono';
import { honoExchange } from './exchange.js';
import type { GatehouseEnv } from './gatehouse-env.js';

type Guards = kit.RouteGuards<Context, MiddlewareHandler<GatehouseEnv>>;

/** The guards of the adapter kit bound to Hono: a middleware awaits its check, then `next()`; what it throws goes to `onError`. */
export const guards: Guards = kit.routeGuards<Context, MiddlewareHandler<GatehouseEnv>>({
  middleware: (check) => (c, next) => {
    const pending = check(c);
    return pending ? pending.then(() => next()) : next();
  },
  exchange: (c) => honoExchange(c),
  setUser: (c, user) => (c as Context<GatehouseEnv>).set('user', user),
  setBody: (c, body) => (c as Context<GatehouseEnv>).set('body', body),
  // A context takes a new property more cheaply than a WeakMap takes an entry (docs/performance.md).
  keepVerified: 'symbol',
});

// Each guard, with its edge cases: docs/hono.md.
/** Marks a `secureRoutes` route as open to anyone. @example api.get('/health', publicRoute, (c) => c.json({ status: 'ok' })); */
export const publicRoute: MiddlewareHandler = guards.publicRoute;
/** Lets an unconfirmed account call the route (still with a valid token). @example api.put('/users/me/email', unconfirmedAllowed, send); */
export const unconfirmedAllowed: MiddlewareHandler = guards.unconfirmedAllowed;
/** Verifies the bearer token into `c.get('user')`, else 401. @example app.get('/me', authenticate(auth), (c) => c.json(requireUser(c))); */
export const authenticate: Guards['authenticate'] = guards.authenticate;
/** The user the Gatehouse guard verified, else the 401 error (the typed "this route is protected"). @example requireUser(c).id */
export const requireUser: Guards['requireUser'] = guards.requireUser;
/** One of the roles (OR), else 403; `auth` first on a plain app. @example api.get('/reports', roles('manager', 'admin'), list); */
export const roles: Guards['roles'] = guards.roles;
/** Every one of the roles (AND); otherwise as `roles`. @example api.get('/audit', allRoles('manager', 'user'), audit); */
export const allRoles: Guards['allRoles'] = guards.allRoles;
/** 403 `REAUTHENTICATION_REQUIRED` unless the sign-in is recent (10 minutes). @example api.post('/card', recentAuth(auth), save); */
export const recentAuth: Guards['recentAuth'] = guards.recentAuth;
/** The JSON body rules into `c.get('body')` (413, 415, 400). @example app.post('/echo', jsonBody(), (c) => c.json(c.get('body'))); */
export const jsonBody: Guards['jsonBody'] = guards.jsonBody;

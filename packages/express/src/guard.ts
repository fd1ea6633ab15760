import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { Request, RequestHandler } from 'express';
import { expressExchange } from './exchange.js';

type Guards = kit.RouteGuards<Request, RequestHandler>;

/** The guards of the adapter kit bound to Express: a middleware calls `next` after its check, or `next(error)`. */
export const guards: Guards = kit.routeGuards<Request, RequestHandler>({
  middleware: (check) => (req, _res, next) => {
    let pending: void | Promise<void>;
    try {
      pending = check(req);
    } catch (error) {
      return next(error);
    }
    if (pending) pending.then(() => next(), next);
    else next();
  },
  exchange: (req) => expressExchange(req, req.res!),
  // `req.user` is declared as Passport declares it (`Express.User`), this payload.
  setUser: (req, user) => void (req.user = user as Express.User),
  setBody: (req, body) => void (req.body = body),
});

// Each guard, with its edge cases: docs/express.md.
/** Marks a `secureRouter` route as open to anyone. @example api.get('/health', publicRoute, (_req, res) => { res.json({ ok: true }); }); */
export const publicRoute: Guards['publicRoute'] = guards.publicRoute;
/** Lets an unconfirmed account call the route (still with a valid token). @example api.put('/users/me/email', unconfirmedAllowed, send); */
export const unconfirmedAllowed: Guards['unconfirmedAllowed'] = guards.unconfirmedAllowed;
/** Verifies the bearer token into `req.user`, else 401. @example app.get('/me', authenticate(auth), (req, res) => { res.json(requireUser(req)); }); */
export const authenticate: Guards['authenticate'] = guards.authenticate;
/** The user the Gatehouse guard verified, else the 401 error. @example const { id } = requireUser(req); */
export const requireUser: Guards['requireUser'] = guards.requireUser;
/** One of the roles (OR), else 403; `auth` first outside a `secureRouter`. @example api.get('/reports', roles('manager', 'admin'), list); */
export const roles: Guards['roles'] = guards.roles;
/** Every one of the roles (AND); otherwise as `roles`. @example api.get('/audit', allRoles('manager', 'user'), audit); */
export const allRoles: Guards['allRoles'] = guards.allRoles;
/** 403 `REAUTHENTICATION_REQUIRED` unless the sign-in is recent (10 minutes). @example api.post('/card', recentAuth(auth), save); */
export const recentAuth: Guards['recentAuth'] = guards.recentAuth;
/** The JSON body rules into `req.body` (413, 415, 400). @example router.post('/echo', jsonBody(), (req, res) => { res.json(req.body); }); */
export const jsonBody: Guards['jsonBody'] = guards.jsonBody;

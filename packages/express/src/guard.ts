import { routeGuards, type RouteGuards } from '@gatehousejs/http';
import type { Request, RequestHandler } from 'express';
import { expressExchange } from './exchange.js';

type Guards = RouteGuards<Request, RequestHandler>;

/** The guards of `@gatehousejs/http` bound to Express: a middleware calls `next` after its check, or `next(error)`. */
export const guards: Guards = routeGuards<Request, RequestHandler>({
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

/**
 * Marks a route of a `secureRouter` as open to anyone; only routes carrying it skip authentication.
 * @example api.get('/health', publicRoute, (_req, res) => { res.json({ status: 'ok' }); });
 */
export const publicRoute: Guards['publicRoute'] = guards.publicRoute;

/**
 * Marks a route an account whose address is not confirmed yet may call (still with a valid token).
 * @example api.put('/users/me/email', unconfirmedAllowed, (req, res) => { res.status(202).json({ message: 'sent' }); });
 */
export const unconfirmedAllowed: Guards['unconfirmedAllowed'] = guards.unconfirmedAllowed;

/**
 * Verifies the bearer token and puts its payload on `req.user`; 401 otherwise (a `secureRouter` does it for you).
 * @example app.get('/me', authenticate(auth), (req, res) => { res.json(requireUser(req)); });
 */
export const authenticate: Guards['authenticate'] = guards.authenticate;

/**
 * The user the Gatehouse guard verified for this request; the 401 error when none did, never a 500.
 * @example api.get('/users/me', async (req, res) => { res.json(await auth.getUserProfile(requireUser(req).id)); });
 */
export const requireUser: Guards['requireUser'] = guards.requireUser;

/**
 * The user needs one of the roles (OR; with a `roleHierarchy`, a role counts as those it implies),
 * else 403. Outside a `secureRouter` pass `auth` first: it verifies the token itself (401 without).
 * The roles are those of `auth`, else of the registered instance (`Register`), else the spec's four.
 *
 * @example
 * api.get('/reports', roles('manager', 'admin'), (_req, res) => { res.json([]); });
 * plainRouter.get('/reports', roles(auth, 'manager', 'admin'), (_req, res) => { res.json([]); });
 */
export const roles: Guards['roles'] = guards.roles;

/**
 * The user needs every one of the roles (AND, beyond the spec); otherwise as `roles`.
 * @example api.get('/audit', allRoles('manager', 'user'), (_req, res) => { res.json({ ok: true }); });
 */
export const allRoles: Guards['allRoles'] = guards.allRoles;

/**
 * 403 `REAUTHENTICATION_REQUIRED` unless the session authenticated at most `maxAgeSeconds` ago (default 10 minutes).
 * @example api.post('/billing/card', recentAuth(auth), (_req, res) => { res.json({ ok: true }); });
 */
export const recentAuth: Guards['recentAuth'] = guards.recentAuth;

/**
 * The JSON body rules into `req.body` (413 over `limitBytes`, 16 KiB; 415; 400; empty is `undefined`),
 * also for a body `express.json()` parsed before. A `secureRouter` applies them on every route.
 * @example router.post('/echo', jsonBody(), (req, res) => { res.json({ received: req.body }); });
 */
export const jsonBody: Guards['jsonBody'] = guards.jsonBody;

import type { AccessTokenPayload } from '@gatehousejs/core';
import { routeRule, type Admission } from '@gatehousejs/http/adapter';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { fastifyExchange } from './exchange.js';
import { LIBRARY_ROUTE } from './library-routes.js';

/** The guards made here: a HEAD route Fastify derives from a GET route arrives with its guard already first. */
const guards = new WeakSet<object>();

type RouteConfig = {
  public?: boolean;
  roles?: readonly string[];
  allRoles?: readonly string[];
  unconfirmedAllowed?: boolean;
  [LIBRARY_ROUTE]?: true;
};

/**
 * The deny-by-default guard of one route, from its `config`: before the body is parsed (an
 * anonymous caller's body is never read on a protected route), the path must be validly encoded,
 * the token valid unless the route is public, and one of `roles` held; `request.user` is the caller.
 */
function routeGuard(
  admission: Admission,
  config: RouteConfig,
  requestId?: (request: FastifyRequest, reply: FastifyReply) => string | undefined,
): onRequestHookHandler {
  const rule = routeRule(config);
  // A callback hook rather than an async one: Fastify then waits on `done`, not on one more promise.
  const guard: onRequestHookHandler = (request, reply, done) => {
    admission.admitRoute(fastifyExchange(request, reply, requestId?.(request, reply)), rule, 'none').then(({ user }) => {
      request.user = user as AccessTokenPayload | undefined;
      done();
    }, done);
  };
  guards.add(guard);
  return guard;
}

/**
 * Puts the guard first on every route registered after the plugin, in every context below it
 * (Fastify's `onRoute` hook, inherited by encapsulated plugins). The library's routes are admitted
 * by the kernel itself.
 */
export function guardEveryRoute(admission: Admission, requestId?: (request: FastifyRequest, reply: FastifyReply) => string | undefined) {
  return (route: RouteOptions): void => {
    const config = (route.config ?? {}) as RouteConfig;
    if (config[LIBRARY_ROUTE]) return;
    const own = route.onRequest;
    const first = Array.isArray(own) ? own[0] : own;
    if (first && guards.has(first)) return;
    const guard = routeGuard(admission, config, requestId);
    route.onRequest = own === undefined ? [guard] : [guard, ...(Array.isArray(own) ? own : [own])];
  };
}

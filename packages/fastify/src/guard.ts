import { AuthError, allOf, anyOf, type AccessTokenPayload } from '@gatehousejs/core';
import type { Access, Kernel } from '@gatehousejs/http';
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

// Fail closed, as the kernel does: a route that names roles needs the token the roles are read from.
const accessOf = (config: RouteConfig): Access =>
  config.roles || config.allRoles
    ? 'protected'
    : config.public === true
      ? 'public'
      : config.unconfirmedAllowed === true
        ? 'unconfirmed-allowed'
        : 'protected';

/**
 * The deny-by-default guard of one route, from its `config`: before the body is parsed (an
 * anonymous caller's body is never read on a protected route), the path must be validly encoded,
 * the token valid unless the route is public, and one of `roles` held; `request.user` is the caller.
 */
function routeGuard(
  kernel: Kernel,
  config: RouteConfig,
  requestId?: (request: FastifyRequest, reply: FastifyReply) => string | undefined,
): onRequestHookHandler {
  const access = accessOf(config);
  const roles = config.roles ? anyOf<string>(...config.roles) : undefined;
  const allRoles = config.allRoles ? allOf<string>(...config.allRoles) : undefined;
  const guard: onRequestHookHandler = async (request, reply) => {
    const { user } = await kernel.admit(fastifyExchange(request, reply, requestId?.(request, reply)), access, 'none');
    const held = user?.roles ?? [];
    if (roles && !kernel.auth.roles.satisfies(held, roles)) throw new AuthError('INSUFFICIENT_ROLE');
    if (allRoles && !kernel.auth.roles.satisfies(held, allRoles)) throw new AuthError('INSUFFICIENT_ROLE');
    request.user = user as AccessTokenPayload | undefined;
  };
  guards.add(guard);
  return guard;
}

/**
 * Puts the guard first on every route registered after the plugin, in every context below it
 * (Fastify's `onRoute` hook, inherited by encapsulated plugins). The library's routes are admitted
 * by the kernel itself.
 */
export function guardEveryRoute(kernel: Kernel, requestId?: (request: FastifyRequest, reply: FastifyReply) => string | undefined) {
  return (route: RouteOptions): void => {
    const config = (route.config ?? {}) as RouteConfig;
    if (config[LIBRARY_ROUTE]) return;
    const own = route.onRequest;
    const first = Array.isArray(own) ? own[0] : own;
    if (first && guards.has(first)) return;
    const guard = routeGuard(kernel, config, requestId);
    route.onRequest = own === undefined ? [guard] : [guard, ...(Array.isArray(own) ? own : [own])];
  };
}

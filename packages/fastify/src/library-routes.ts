import { AUTH_ROUTES, OAUTH_ROUTES, USER_ROUTES, type Kernel, type Route } from '@gatehousejs/http/adapter';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyExchange } from './exchange.js';

/** Marks the library's own routes, so the guard of `onRoute` leaves them to the kernel's admission. */
export const LIBRARY_ROUTE = Symbol('gatehouse library route');

const hasEmptyParameter = (params: unknown): boolean => Object.values(params as Record<string, string>).includes('');

/**
 * The library's route tables as Fastify routes, in an encapsulated context of their own whose only
 * content-type parser leaves the body stream as it is: the kernel reads it under the contract's
 * rules (413 counted, 415, 400), whatever parsers the app registers for its own routes.
 */
export function registerLibraryRoutes(
  fastify: FastifyInstance,
  kernel: Kernel,
  prefix: string,
  requestId: ((request: FastifyRequest, reply: FastifyReply) => string | undefined) | undefined,
): void {
  const mount = (child: FastifyInstance, at: string, routes: readonly Route[]) => {
    for (const route of routes) {
      child.route({
        method: route.method,
        url: `${at}${route.path}`,
        config: { [LIBRARY_ROUTE]: true },
        handler: (request, reply) => {
          // find-my-way matches `/users/` to `/users/:id` with an empty id; the tables' parameters are never empty.
          if (hasEmptyParameter(request.params)) return reply.callNotFound();
          // To the error handler the app has now where it registered the plugin: this context copied
          // the one it had when it was created, before the app set its own.
          return kernel.serve(route, fastifyExchange(request, reply, requestId?.(request, reply))).catch((error: unknown) => {
            fastify.errorHandler(error as Error, request, reply);
            return reply;
          });
        },
      });
    }
  };
  fastify.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    mount(child, `${prefix}/auth`, [...AUTH_ROUTES, ...OAUTH_ROUTES]);
    mount(child, prefix, USER_ROUTES);
  });
}

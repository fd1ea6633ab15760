import { AuthError } from '@gatehousejs/core';
import {
  API_SECURITY_HEADERS,
  createAdmission,
  createKernel,
  DEFAULT_BODY_LIMIT_BYTES,
  decideCors,
  isIssuer,
} from '@gatehousejs/http/adapter';
import {
  createResetPasswordPage,
  type AccessVerifier,
  type ErrorLog,
  type KernelOptions,
  type ResetPasswordPageOptions,
} from '@gatehousejs/http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorHandler, notFound } from './error-handler.js';
import { guardEveryRoute } from './guard.js';
import { useContractJsonParser } from './json-parser.js';
import { registerLibraryRoutes } from './library-routes.js';
import './request-user.js';
import { TARGET_INVALID } from './server-options.js';

export interface GatehouseOptions extends KernelOptions {
  /**
   * The instance from `createAuth()`; in a resource service, a JWKS verifier (`createJwksVerifier`):
   * the same guard from the issuer's public keys alone, without the library's routes.
   */
  auth: AccessVerifier;
  /**
   * Where the library's routes go (with an `Auth`): the auth routes at `${prefix}/auth`, the user
   * routes at `prefix`; the security headers and CORS apply below it. Default `/api/v1`.
   */
  prefix?: string;
  /** Browser origins allowed by CORS under `prefix`: exact matches, never `*`, no credentials. Default: none. */
  corsOrigins?: readonly string[];
  /** Serve the page the reset mail links to (`/reset-password`, its script and style). Default: no. */
  resetPasswordPage?: boolean | ResetPasswordPageOptions;
  /** The app's id for a request (e.g. `request.id`, or a header the app set on `reply`), passed to core for the audit events. */
  requestId?: (request: FastifyRequest, reply: FastifyReply) => string | undefined;
  /** Where unexpected errors (500) and unavailable dependencies (503) are logged. Default `console.error`. */
  errorLog?: ErrorLog;
  /** Set the contract's error handler (default `true`); `false` keeps yours (call `errorHandler()` from it). */
  errorHandler?: boolean;
  /** Set the JSON 404 (default `true`); `false` keeps yours. */
  notFound?: boolean;
  /**
   * Parse `application/json` on your routes with the contract's rules (default `true`): 16 KiB
   * (`bodyLimitBytes`), UTF-8 only, no compression, an empty body is none. `false` keeps Fastify's.
   */
  jsonParser?: boolean;
}

const isUnder = (url: string, prefix: string) =>
  url.startsWith(prefix) && (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?');

async function plugin(fastify: FastifyInstance, options: GatehouseOptions): Promise<void> {
  const { auth } = options;
  // A resource service (a JWKS verifier) has no store: the guard alone, without the library's routes.
  const kernel = isIssuer(auth) ? createKernel(auth, options) : undefined;
  const admission = kernel ?? createAdmission(auth, options);
  const prefix = (options.prefix ?? '/api/v1').replace(/\/+$/, '');
  const corsOrigins = options.corsOrigins ?? [];
  fastify.decorateRequest('user', undefined);

  // Before routing's results are used: a target that names no path, then the API's headers and CORS.
  // A callback hook: every request of the app passes here, and an async hook costs each one a promise.
  fastify.addHook('onRequest', (request, reply, done) => {
    if ((request.raw as { [TARGET_INVALID]?: true })[TARGET_INVALID]) return done(new AuthError('REQUEST_TARGET_INVALID'));
    if (!isUnder(request.url, prefix)) return done();
    reply.headers(API_SECURITY_HEADERS);
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    const cors = decideCors(
      { method: request.method, origin, requestMethod: request.headers['access-control-request-method'] },
      corsOrigins,
    );
    if (!cors) return done();
    reply.headers(cors.headers);
    // A preflight is answered here; Fastify runs nothing after a hook that sent the reply.
    if (cors.preflight) return void reply.code(204).send();
    done();
  });

  // Deny by default for every route registered after this plugin, in every context below it.
  fastify.addHook('onRoute', guardEveryRoute(admission, options.requestId));
  if (kernel) registerLibraryRoutes(fastify, kernel, prefix, options.requestId);
  if (options.jsonParser !== false) useContractJsonParser(fastify, options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES);

  if (options.resetPasswordPage) {
    const page = createResetPasswordPage(options.resetPasswordPage === true ? {} : options.resetPasswordPage);
    const path = (options.resetPasswordPage === true ? undefined : options.resetPasswordPage.path) ?? '/reset-password';
    for (const url of [path, `${path}/:file`]) {
      fastify.get(url, { config: { public: true } }, (request, reply) => {
        const answer = page.answer(request.method, request.url.split('?')[0] ?? '');
        if (!answer) return reply.callNotFound();
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      });
    }
  }
  if (options.errorHandler !== false) fastify.setErrorHandler(errorHandler(options.errorLog));
  if (options.notFound !== false) fastify.setNotFoundHandler(notFound());
}

/**
 * Gatehouse for Fastify 5, as a plugin that is not encapsulated (`fastify-plugin`): it registers the
 * library's auth, social and user routes under `prefix`, and puts deny by default on every route
 * registered after it, also inside encapsulated plugins (the `onRoute` hook): a route needs a valid
 * access token unless its `config` says `public: true`; `config: { roles: [...] }` requires one of
 * them. `request.user` is the verified caller. Errors answer the contract's body through the error
 * handler it sets. Register it before your routes.
 *
 * In a resource service, give a JWKS verifier as `auth` (see docs/keys.md, "Protect another
 * service"): the same guard and error answers, from the issuer's public keys alone.
 *
 * @example
 * const app = Fastify(gatehouseServerOptions());
 * await app.register(gatehouse, { auth, trustedProxies: 'loopback' });
 * app.get('/api/v1/health', { config: { public: true } }, async () => ({ status: 'ok' }));
 * app.get('/api/v1/reports', { config: { roles: ['manager', 'admin'] } }, async (request) => ({ by: request.user?.sub }));
 */
export const gatehouse: FastifyPluginAsync<GatehouseOptions> = fp(plugin, { fastify: '5.x', name: '@gatehousejs/fastify' });

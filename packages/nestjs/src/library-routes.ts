import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthError } from '@gatehousejs/core';
import {
  API_SECURITY_HEADERS,
  AUTH_ROUTES,
  OAUTH_ROUTES,
  USER_ROUTES,
  decideCors,
  isRoutableTarget,
  normalizeRequestPath,
  routeTable,
  type Admission,
  type Kernel,
  type RouteTable,
} from '@gatehousejs/http/adapter';
import { createResetPasswordPage } from '@gatehousejs/http';
import type { GatehouseModuleOptions } from './module-options.js';
import { nodeExchange, splitTarget, writeNodeAnswer } from './node-exchange.js';

/** A Connect-style middleware, as both Nest platforms take it (Express's `use`, Fastify's middie). */
export type NodeMiddleware = (req: IncomingMessage & { body?: unknown; rawBody?: unknown }, res: ServerResponse, next: () => void) => void;

interface Mount {
  prefix: string;
  table: RouteTable;
}

// `/api/v1/auth/login` under `/api/v1/auth` is `/login`; `/api/v1/authx` is not under it.
function below(path: string, prefix: string): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  return rest.startsWith('/') ? rest : undefined;
}

/**
 * Everything the module serves before Nest's router, as one middleware on the platform: the
 * request target's form (400 for `*` or a backslash), dot segments and escaped unreserved
 * characters resolved (`/api/v1/%68ealth` is `/api/v1/health`, as on Hono), the security headers
 * and CORS on `/api`, the library's route tables through the kernel, and the reset-password page.
 * Anything else goes on to Nest.
 */
export function libraryRoutes(admission: Admission | Kernel, options: GatehouseModuleOptions): NodeMiddleware {
  // A resource service (a JWKS verifier) has no store: no library routes, the rest as for an issuer.
  const kernel = 'dispatch' in admission ? admission : undefined;
  const mounts: Mount[] = [];
  const authPath = options.authPath ?? '/api/v1/auth';
  const userPath = options.userPath ?? '/api/v1';
  if (kernel && authPath !== false) mounts.push({ prefix: authPath, table: routeTable([...AUTH_ROUTES, ...OAUTH_ROUTES]) });
  if (kernel && userPath !== false) mounts.push({ prefix: userPath, table: routeTable(USER_ROUTES) });
  const page = options.resetPasswordPage
    ? createResetPasswordPage(options.resetPasswordPage === true ? {} : options.resetPasswordPage)
    : undefined;
  const corsOrigins = options.corsOrigins ?? [];
  const securityHeaders = options.securityHeaders ?? true;

  return (req, res, next) => {
    const answer = writeNodeAnswer(res);
    const target = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const split = splitTarget(target);
    const exchange = nodeExchange(
      { message: req, body: req.body, rawBody: req.rawBody },
      split.path,
      split.query,
      answer,
      options.requestId?.(req, res),
    );
    if (!isRoutableTarget(target)) return void admission.answerError(exchange, new AuthError('REQUEST_TARGET_INVALID'));
    const path = normalizeRequestPath(split.path);
    if (path !== split.path) req.url = path + (split.query === '' ? '' : `?${split.query}`);

    if (path === '/api' || path.startsWith('/api/')) {
      if (securityHeaders) for (const name in API_SECURITY_HEADERS) res.setHeader(name, API_SECURITY_HEADERS[name]!);
      const cors = decideCors(
        { method: req.method ?? 'GET', origin: exchange.header('origin'), requestMethod: exchange.header('access-control-request-method') },
        corsOrigins,
      );
      if (cors) {
        for (const name in cors.headers) res.setHeader(name, cors.headers[name]!);
        if (cors.preflight) return void answer(204, {}, undefined);
      }
    }

    for (const { prefix, table } of mounts) {
      const relative = below(path, prefix);
      if (relative === undefined) continue;
      const pending = kernel?.dispatch(table, { ...exchange, path: relative });
      if (!pending) continue;
      pending.catch((error: unknown) => {
        if (!res.headersSent) admission.answerError(exchange, error, options.log);
      });
      return;
    }

    const pageAnswer = page?.answer(req.method ?? 'GET', path);
    if (!pageAnswer) return next();
    res.statusCode = pageAnswer.status;
    for (const name in pageAnswer.headers) res.setHeader(name, pageAnswer.headers[name]!);
    res.end(req.method === 'HEAD' ? undefined : pageAnswer.body);
  };
}

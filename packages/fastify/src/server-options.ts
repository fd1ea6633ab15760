import type { IncomingMessage } from 'node:http';
import { isRoutableTarget, normalizeRequestPath } from '@gatehousejs/http/adapter';
import type { ErrorLog } from '@gatehousejs/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorHandler } from './error-handler.js';

const MAX_PARAM_LENGTH = 16_384;

/** Set on a request whose target names no path (`*`, a backslash before the query): the plugin answers it 400. */
export const TARGET_INVALID = Symbol('gatehouse invalid request target');

/**
 * Routes a request target as every Gatehouse adapter does: dot segments resolved and escaped
 * unreserved characters decoded (`normalizeRequestPath`, the URL standard's parser), and a target
 * that names no path marked for the plugin's 400 `REQUEST_TARGET_INVALID`.
 */
function rewriteUrl(req: IncomingMessage): string {
  const target = req.url ?? '/';
  if (!isRoutableTarget(target)) {
    (req as IncomingMessage & { [TARGET_INVALID]?: true })[TARGET_INVALID] = true;
    return '/';
  }
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  const normalized = normalizeRequestPath(path);
  return normalized === path ? target : `${normalized}${query < 0 ? '' : target.slice(query)}`;
}

/**
 * Options for `Fastify(...)` that only the server factory takes, so the plugin cannot set them:
 * `rewriteUrl` (paths routed as on every adapter, see above), `frameworkErrors` (a malformed
 * escape in the path is the contract's 400, not Fastify's own body) and a `maxParamLength` that
 * lets a long id reach its route (the contract's 404, not a 414).
 *
 * @example
 * const app = Fastify({ ...gatehouseServerOptions(), logger: true });
 * await app.register(gatehouse, { auth });
 */
export function gatehouseServerOptions(log?: ErrorLog): {
  rewriteUrl: (req: IncomingMessage) => string;
  frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => void;
  routerOptions: { maxParamLength: number };
} {
  const answer = errorHandler(log);
  return {
    rewriteUrl,
    frameworkErrors: (error, request, reply) => void answer(error, request, reply),
    // An id longer than find-my-way's default 100 characters is an id no account has (404), not a 414;
    // Node's header limit (16 KiB) bounds the request line anyway.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  };
}

import { API_SECURITY_HEADERS, isRoutableTarget, normalizeRequestPath, pathEncodingError } from '@gatehousejs/http/adapter';
import { toErrorResponse } from '@gatehousejs/http';

/** The part of Fastify's reply the answer to a framework error needs. */
interface ErrorReply {
  code(status: number): ErrorReply;
  headers(values: Record<string, string>): ErrorReply;
  send(payload: unknown): unknown;
}

/** What `gatehouseFastifyOptions()` gives, to spread into `new FastifyAdapter({ ... })`. */
export interface GatehouseFastifyOptions {
  rewriteUrl(req: { url?: string | undefined }): string;
  // `reply` is Fastify's (typed loosely: this package does not depend on Fastify's types).
  frameworkErrors(error: Error & { code?: string }, req: unknown, reply: unknown): void;
}

/**
 * The two Fastify server options Gatehouse needs on `@nestjs/platform-fastify`, which only Fastify's
 * constructor takes (Fastify routes before any hook or middleware runs): `rewriteUrl` resolves dot
 * segments and escaped unreserved characters as Hono and Express do (`/api/v1/x/../health` is
 * `/api/v1/health`), and `frameworkErrors` answers a path that is not validly percent-encoded with
 * the contract's 400 instead of Fastify's own body.
 *
 * @example
 * const app = await NestFactory.create(AppModule, new FastifyAdapter(gatehouseFastifyOptions()));
 */
export function gatehouseFastifyOptions(): GatehouseFastifyOptions {
  return {
    rewriteUrl(req) {
      const target = req.url ?? '/';
      // A target that names no path is answered 400 by the module's routes; leave it as it is.
      if (!isRoutableTarget(target)) return target;
      const query = target.indexOf('?');
      const path = query < 0 ? target : target.slice(0, query);
      const normalized = normalizeRequestPath(path);
      return normalized === path ? target : normalized + (query < 0 ? '' : target.slice(query));
    },
    frameworkErrors(error, _req, reply) {
      // Anything else Fastify refuses before routing is the generic 500, its cause in the log.
      const known = error.code === 'FST_ERR_BAD_URL' ? pathEncodingError() : error;
      const { status, headers, body } = toErrorResponse(known, (e) => console.error(e));
      (reply as ErrorReply)
        .code(status)
        .headers({ ...headers, ...API_SECURITY_HEADERS })
        .send(body);
    },
  };
}

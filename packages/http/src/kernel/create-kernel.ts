import { AuthError, anyOf, type AccessTokenPayload, type Auth, type RequestContext } from '@gatehousejs/core';
import type { AuthPages } from '../auth-pages.js';
import { readBearerToken } from '../bearer-token.js';
import { toErrorResponse, type ErrorLog } from '../http-error.js';
import { DEFAULT_BODY_LIMIT_BYTES } from '../json-body.js';
import { queryFromSearchParams } from '../query-params.js';
import { assertPathEncoding } from '../request-path.js';
import type { Route, RouteResult } from '../routes/route.js';
import type { Answer, Exchange } from './exchange.js';
import { clientAddressReader, type ProxySetting } from './proxy-setting.js';
import { readRequestBody, type BodyKind } from './request-body.js';
import type { RouteTable } from './route-table.js';

export interface KernelOptions extends ProxySetting {
  /** Bodies over this many bytes are refused with 413 (default 16 KiB, CONTRACT §2). */
  bodyLimitBytes?: number | undefined;
  /** Answers a browser that follows the mail's confirmation link with a page; API clients keep JSON. */
  pages?: AuthPages | undefined;
  /**
   * Where the kernel says, once, that the adapter could not tell a client's address (per-client
   * rate limits then do not apply, and every caller would share one lockout). Default: `console.warn`.
   */
  warn?: ((message: string) => void) | undefined;
}

/** The sentence said once when an exchange has no peer address. */
export const UNKNOWN_PEER_WARNING =
  'Gatehouse cannot tell the client address of requests on this server (the adapter found no peer address): ' +
  'per-client rate limits do not apply and the audit trail has no addresses. On Hono outside Node, pass getConnInfo ' +
  '(hono/bun, hono/deno, hono/cloudflare-workers); behind a proxy that sets X-Forwarded-For, set trustedProxyHops.';

/** Who may call a route: anyone, a valid token, or a valid token of an account not confirmed yet too. */
export type Access = 'public' | 'protected' | 'unconfirmed-allowed';

/** What admission found: the verified caller (none on a public route) and the body after the rules. */
export interface Admitted {
  user: AccessTokenPayload<string> | undefined;
  body: unknown;
}

/**
 * The framework-neutral HTTP kernel: admit → guard → dispatch → answer, over the `Exchange` port.
 * Deny by default, roles, the body rules (413, 415, 400), the client's address through trusted
 * proxies, request ids and the error catalogue live here once; an adapter only translates.
 */
export interface Kernel {
  readonly auth: Auth<string>;
  /**
   * Serves `exchange` with the route of `table` that matches its method and path, resolving to what
   * `send` returned; `undefined` (synchronously) when no route matches, so the adapter passes the
   * request on. Rejects with the error to answer (see `answerError`), which an adapter hands to its
   * framework's error pipeline.
   */
  dispatch<R>(table: RouteTable, exchange: Exchange<R>): Promise<R> | undefined;
  /** Serves one route (the framework routed the request: `exchange.params` holds its parameters). */
  serve<R>(route: Route, exchange: Exchange<R>): Promise<R>;
  /**
   * Admission for an app's own route behind the adapter's deny-by-default guard: the path must be
   * validly encoded (400), the token valid unless `access` is `public` (401), then the body rules.
   */
  admit(exchange: Exchange<unknown>, access: Access, body?: BodyKind | 'none'): Promise<Admitted>;
  /** The caller as core needs it: the client's address (through trusted proxies) and the request id. */
  client(exchange: Exchange<unknown>): RequestContext;
  /** Answers anything thrown with the contract's error body (`toErrorResponse`); 5xx go to `log`. */
  answerError<R>(exchange: Exchange<R>, error: unknown, log?: ErrorLog): R;
}

const ALLOW_UNCONFIRMED = Object.freeze({ allowUnconfirmed: true });
const JSON_TYPE = 'application/json; charset=utf-8';

// Fail closed: a public route that names roles still needs the token the role check reads.
const accessOf = (route: Route): Access =>
  route.access === 'public' && !route.roles ? 'public' : route.allowsUnconfirmed && !route.roles ? 'unconfirmed-allowed' : 'protected';

/** The route's result as the answer to write: JSON serialised with its type, or the page as it is. */
function toAnswer(result: RouteResult): Answer {
  const headers = { ...result.headers };
  if (result.html !== undefined) return { status: result.status, headers, body: result.html };
  if (result.body === undefined) return { status: result.status, headers, body: undefined };
  headers['Content-Type'] = JSON_TYPE;
  return { status: result.status, headers, body: JSON.stringify(result.body) };
}

/**
 * Builds the kernel an adapter binds to. The options are parsed here, once: a wrong proxy address
 * fails at start.
 *
 * @example
 * const kernel = createKernel(auth, { trustedProxies: 'loopback' });
 * const table = routeTable(AUTH_ROUTES);
 * // in the framework's handler, with `exchange` the translation of its request:
 * const pending = kernel.dispatch(table, exchange);
 * if (!pending) return next();
 * pending.catch(next);
 */
export function createKernel(auth: Auth<string>, options: KernelOptions = {}): Kernel {
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const clientAddress = clientAddressReader(options);

  let warned = false;
  const client = (exchange: Exchange<unknown>): RequestContext => {
    const address = clientAddress(exchange.peerAddress, exchange.header('x-forwarded-for'));
    if (address === undefined && !warned) {
      warned = true;
      (options.warn ?? console.warn)(UNKNOWN_PEER_WARNING);
    }
    return { clientAddress: address, requestId: exchange.requestId };
  };

  const verify = async (exchange: Exchange<unknown>, access: Access): Promise<AccessTokenPayload<string> | undefined> => {
    if (access === 'public') return undefined;
    const token = readBearerToken(exchange.header('authorization'));
    return auth.verifyAccessToken(token, access === 'unconfirmed-allowed' ? ALLOW_UNCONFIRMED : undefined);
  };

  const admit = async (exchange: Exchange<unknown>, access: Access, body: BodyKind | 'none' = 'json'): Promise<Admitted> => {
    assertPathEncoding(exchange.path);
    // The token before the body: an anonymous caller's body is never read on a protected route.
    const user = await verify(exchange, access);
    return { user, body: body === 'none' ? undefined : await readRequestBody(exchange, body, limit) };
  };

  const serve = async <R>(route: Route, exchange: Exchange<R>, params = exchange.params ?? {}): Promise<R> => {
    const { user, body } = await admit(exchange, accessOf(route), route.body ?? 'json');
    if (route.roles && !auth.roles.satisfies(user?.roles ?? [], anyOf<string>(...route.roles))) {
      throw new AuthError('INSUFFICIENT_ROLE');
    }
    const search = new URLSearchParams(exchange.query);
    const result = await route.handle(auth, {
      method: exchange.method,
      body,
      query: exchange.query === '' ? (Object.create(null) as Record<string, unknown>) : queryFromSearchParams(search),
      params,
      user,
      client: client(exchange),
      accept: exchange.header('accept'),
      pages: options.pages,
      cookie: exchange.header('cookie'),
      parameters: route.body === 'form' ? (body as URLSearchParams) : search,
    });
    return exchange.send(toAnswer(result));
  };

  return {
    auth,
    dispatch(table, exchange) {
      let found: ReturnType<RouteTable['match']>;
      try {
        found = table.match(exchange.method, exchange.path);
      } catch (error) {
        return Promise.reject(error);
      }
      return found ? serve(found.route, exchange, found.params) : undefined;
    },
    serve: (route, exchange) => serve(route, exchange),
    admit,
    client,
    answerError(exchange, error, log) {
      const { status, body, headers } = toErrorResponse(error, log);
      return exchange.send({ status, headers: { ...headers, 'Content-Type': JSON_TYPE }, body: JSON.stringify(body) });
    },
  };
}

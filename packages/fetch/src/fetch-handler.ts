import {
  API_SECURITY_HEADERS,
  AUTH_ROUTES,
  createAdmission,
  createKernel,
  decideCors,
  isIssuer,
  normalizeRequestPath,
  OAUTH_ROUTES,
  routeNotFound,
  routeTable,
  USER_ROUTES,
} from '@gatehousejs/http/adapter';
import {
  createResetPasswordPage,
  type AccessVerifier,
  type ErrorLog,
  type KernelOptions,
  type ResetPasswordPageOptions,
} from '@gatehousejs/http';
import { appRouteTable, serveAppRoute, type AppRoute } from './app-route.js';
import { fetchExchange, type RequestFacts } from './fetch-exchange.js';
import { withHeaders } from './with-headers.js';

/** The request's path (normalised) and query. */
type Url = { pathname: string; search: string };

export interface FetchHandlerOptions extends KernelOptions {
  /** Where the API is served: the auth routes at `${basePath}/auth`, the user and app routes at `basePath`. Default `/api/v1`. */
  basePath?: string;
  /** The app's own routes under `basePath`, deny by default (see `AppRoute`); the library's routes match first. */
  routes?: readonly AppRoute[];
  /** Browser origins allowed by CORS: exact matches, never `*`, no credentials (`decideCors`). Default: none. */
  corsOrigins?: readonly string[];
  /** Serve the page the reset mail links to (`/reset-password`) when a request for it reaches the handler. Default: no. */
  resetPasswordPage?: boolean | ResetPasswordPageOptions;
  /** Answers what no route took (the app's pages); `undefined` lets the handler answer the JSON 404. */
  fallback?: (request: Request, facts: RequestFacts) => Response | undefined | Promise<Response | undefined>;
  /** The peer's address when the runtime tells it through the request (see `RequestFacts.peerAddress`). */
  peerAddress?: (request: Request) => string | undefined;
  /** The app's id for a request (e.g. its `X-Request-Id`), for the audit events. */
  requestId?: (request: Request) => string | undefined;
  /** Where unexpected errors (500) and unavailable dependencies (503) are logged. Default `console.error`. */
  onError?: ErrorLog;
  /** The error log for one request (to put its request id on each line); wins over `onError`. */
  errorLogFor?: (facts: RequestFacts) => ErrorLog;
}

/** A web-standard handler: the runtime's `Request` in, a `Response` out. */
export type FetchHandler = (request: Request, facts?: RequestFacts) => Promise<Response>;

/**
 * The whole Gatehouse API as one web-standard handler (`Request` → `Response`), for runtimes and
 * frameworks without an adapter: Next.js route handlers, Bun, Deno, Cloudflare Workers, Node through
 * a bridge. It serves the auth and social routes at `${basePath}/auth`, the user routes and the
 * app's own `routes` at `basePath`, deny by default, with the contract's error bodies, the security
 * headers and CORS on every API answer; anything else goes to `fallback`, then a JSON 404.
 *
 * In a resource service, pass a JWKS verifier (`createJwksVerifier`) instead of `auth` (see
 * docs/keys.md, "Protect another service"): the app's `routes` behind the same guard, from the
 * issuer's public keys alone, without the library's routes.
 *
 * @example
 * const handler = createFetchHandler(auth, {
 *   routes: [{ method: 'GET', path: '/health', access: 'public', handle: () => Response.json({ status: 'ok' }) }],
 * });
 * // Bun: Bun.serve({ fetch: (request, server) => handler(request, { peerAddress: server.requestIP(request)?.address }) });
 */
export function createFetchHandler(auth: AccessVerifier, options: FetchHandlerOptions = {}): FetchHandler {
  // A resource service (a JWKS verifier) has no store: the app's routes alone, without the library's.
  const kernel = isIssuer(auth) ? createKernel(auth, options) : undefined;
  const admission = kernel ?? createAdmission(auth, options);
  const basePath = (options.basePath ?? '/api/v1').replace(/\/+$/, '');
  const authPath = `${basePath}/auth`;
  const authTable = routeTable([...AUTH_ROUTES, ...OAUTH_ROUTES]);
  const userTable = routeTable(USER_ROUTES);
  const appTable = appRouteTable(options.routes ?? []);
  const corsOrigins = options.corsOrigins ?? [];
  const log = options.onError ?? ((error: unknown) => console.error(error));
  const resetPage =
    options.resetPasswordPage === undefined || options.resetPasswordPage === false
      ? undefined
      : createResetPasswordPage(options.resetPasswordPage === true ? {} : options.resetPasswordPage);

  const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

  async function serveApi(request: Request, url: Url, facts: RequestFacts): Promise<Response | undefined> {
    const cors = decideCors(
      {
        method: request.method,
        origin: request.headers.get('origin'),
        requestMethod: request.headers.get('access-control-request-method'),
      },
      corsOrigins,
    );
    const headers = cors ? { ...API_SECURITY_HEADERS, ...cors.headers } : API_SECURITY_HEADERS;
    if (cors?.preflight) return new Response(null, { status: 204, headers });
    let exchange = fetchExchange(request, url, authPath, facts, headers);
    // The kernel says once (`warn`) when neither a peer address nor the proxy setting tells the client.
    try {
      const authRoute = kernel && isUnder(url.pathname, authPath) ? kernel.dispatch(authTable, exchange) : undefined;
      if (authRoute) return await authRoute;
      exchange = fetchExchange(request, url, basePath, facts, headers);
      const userRoute = kernel?.dispatch(userTable, exchange);
      if (userRoute) return await userRoute;
      const found = appTable.match(request.method, exchange.path);
      if (!found) return undefined;
      const answer = await serveAppRoute(admission, found.route, found.params, request, exchange);
      return withHeaders(answer, headers, request.method === 'HEAD');
    } catch (error) {
      return admission.answerError(exchange, error, options.errorLogFor?.(facts) ?? log);
    }
  }

  // The API's headers only on the API's paths: a page path of the app keeps its own.
  function notFound(url: Url, method: string, underApi: boolean): Response {
    const { status, body } = routeNotFound(url.pathname);
    const json = { 'Content-Type': 'application/json; charset=utf-8' };
    return new Response(method === 'HEAD' ? null : JSON.stringify(body), {
      status,
      headers: underApi ? { ...API_SECURITY_HEADERS, ...json } : json,
    });
  }

  return async (request, given = {}) => {
    const parsed = new URL(request.url);
    // Escaped unreserved characters are the characters (RFC 3986 §6.2.2.2): `/api/v1/%68ealth` is `/api/v1/health`.
    const url = { pathname: normalizeRequestPath(parsed.pathname), search: parsed.search };
    const facts: RequestFacts = {
      peerAddress: given.peerAddress ?? options.peerAddress?.(request),
      requestId: given.requestId ?? options.requestId?.(request),
      hasBody: given.hasBody,
    };
    const underApi = isUnder(url.pathname, basePath);
    if (underApi) {
      const answer = await serveApi(request, url, facts);
      if (answer) return answer;
    }
    const page = resetPage?.answer(request.method, url.pathname);
    if (page) return new Response(request.method === 'HEAD' ? null : page.body, { status: page.status, headers: page.headers });
    const other = await options.fallback?.(request, facts);
    return other ?? notFound(url, request.method, underApi);
  };
}

import { createServer, type RequestListener } from 'node:http';
import {
  errorLog,
  examplePages,
  handleApiDocs,
  handleDemoApp,
  handleMailViewerRequest,
  handleResetPasswordPage,
  type AppParts,
  type PageRequest,
  type PageResponse,
} from '@gatehousejs/example-server-kit';
import { requestIdOf } from '@gatehousejs/http/node';
import { errorHandler, gatehouse, gatehouseServerOptions, notFound } from '@gatehousejs/fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

const MAIL_VIEWER = '/mailhog';
const JSON_TYPE = 'application/json; charset=utf-8';

/** The kit's framework-neutral page request; `basePath` is the mount point. */
function toPageRequest(request: FastifyRequest, basePath = ''): PageRequest {
  const url = new URL(request.url, 'http://localhost');
  return { method: request.method, path: url.pathname.slice(basePath.length) || '/', query: url.searchParams, basePath };
}

const sendPage = (reply: FastifyReply, page: PageResponse) => reply.code(page.status).headers(page.headers).send(page.body);
const sendJson = (reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) =>
  reply
    .code(status)
    .headers({ ...headers, 'Content-Type': JSON_TYPE })
    .send(JSON.stringify(body));

/** The id set on Node's response below Fastify (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit), for the audit events and the error log. */
const requestId = (_request: FastifyRequest, reply: FastifyReply) => requestIdOf(reply.raw);

/** The example's own routes of CONTRACT §7, in a plugin of their own: the guard reaches them through its onRoute hook. */
async function resourceRoutes(api: FastifyInstance): Promise<void> {
  api.get('/health', { config: { public: true } }, (_request, reply) => sendJson(reply, 200, { status: 'ok' }));
  api.get('/reports', { config: { roles: ['manager', 'admin', 'super'] } }, (_request, reply) =>
    sendJson(reply, 200, {
      reports: [
        { id: 'signups-weekly', title: 'Weekly sign-ups' },
        { id: 'active-users', title: 'Active users' },
      ],
    }),
  );
}

/** The Fastify app of the example: the plugin's auth and user routes (readiness among them), the example's own routes, pages, one error handler. */
export async function buildApp(app: FastifyInstance, { auth, log, mailViewer, http }: AppParts): Promise<FastifyInstance> {
  // The request id, the security headers and CORS are set on Node's response before Fastify runs
  // (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit), as for the other examples.
  await app.register(gatehouse, {
    auth,
    pages: examplePages,
    trustedProxies: http.trustedProxies,
    trustedProxyHops: http.trustedProxyHops,
    requestId,
    errorHandler: false,
    notFound: false,
  });
  await app.register(resourceRoutes, { prefix: '/api/v1' });
  // The OpenAPI document, Swagger UI, the demo app, the reset page and the mail viewer answer what
  // no route answered (as in the other examples), then the JSON 404.
  const jsonNotFound = notFound();
  app.setNotFoundHandler((request, reply) => {
    const pageRequest = toPageRequest(request);
    const path = pageRequest.path;
    const viewer = mailViewer && (path === MAIL_VIEWER || path.startsWith(`${MAIL_VIEWER}/`));
    const page = viewer
      ? handleMailViewerRequest(mailViewer, toPageRequest(request, MAIL_VIEWER))
      : (handleApiDocs(pageRequest) ??
        handleDemoApp(pageRequest, { cookies: auth.config.cookies.enabled }) ??
        handleResetPasswordPage(pageRequest));
    return page ? sendPage(reply, page) : jsonNotFound(request, reply);
  });
  app.setErrorHandler((error, request, reply) => errorHandler(errorLog(log, requestId(request, reply)))(error, request, reply));
  return app;
}

/**
 * The Fastify example as a Node request listener for the kit's HTTP server: Fastify's own handler,
 * taken from `serverFactory` (the kit owns the server). Requests that arrive before the app is
 * ready wait for it.
 */
export function fastifyListener(parts: AppParts): RequestListener {
  let handler: RequestListener | undefined;
  const app = Fastify({
    ...gatehouseServerOptions(errorLog(parts.log)),
    serverFactory: (fastifyHandler) => {
      handler = fastifyHandler;
      return createServer();
    },
  });
  let started = false;
  const ready = buildApp(app, parts)
    .then(() => app.ready())
    .then(() => {
      started = true;
    });
  ready.catch((error: unknown) => parts.log.error('the Fastify app failed to start', { reason: String(error) }));
  return (req, res) => {
    if (started) return handler!(req, res);
    ready.then(
      () => handler!(req, res),
      () => res.writeHead(503).end(),
    );
  };
}

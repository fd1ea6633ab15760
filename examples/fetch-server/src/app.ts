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
import { createFetchHandler, jsonResponse, type AppRoute, type FetchHandler } from '@gatehousejs/fetch';
import { accountPagePath, handleAccountPage } from './account-page.js';

const MAIL_VIEWER = '/mailhog';

/** The kit's framework-neutral page request, from a `Request`; `basePath` is the mount point. */
function toPageRequest(request: Request, basePath = ''): PageRequest {
  const url = new URL(request.url);
  return { method: request.method, path: url.pathname.slice(basePath.length) || '/', query: url.searchParams, basePath };
}

const sendPage = (request: Request, page: PageResponse): Response =>
  new Response(request.method === 'HEAD' ? null : page.body, { status: page.status, headers: page.headers });

/**
 * The example's own routes of CONTRACT §7 beside the library's, each saying who may call it; none
 * says "authenticated" because the handler denies anonymous callers by default.
 */
function resourceRoutes(): AppRoute[] {
  return [
    { method: 'GET', path: '/health', access: 'public', handle: () => jsonResponse(200, { status: 'ok' }) },
    {
      method: 'GET',
      path: '/reports',
      roles: ['manager', 'admin', 'super'],
      handle: () =>
        jsonResponse(200, {
          reports: [
            { id: 'signups-weekly', title: 'Weekly sign-ups' },
            { id: 'active-users', title: 'Active users' },
          ],
        }),
    },
    // The OpenAPI document, public.
    {
      method: 'GET',
      path: '/openapi.json',
      access: 'public',
      handle: (request) => sendPage(request, handleApiDocs(toPageRequest(request))!),
    },
  ];
}

/**
 * The example service as one web-standard handler: the library's auth and user routes and the
 * example's own under `/api/v1`, then the pages (the server-rendered account page, Swagger UI, demo app, reset page, mail viewer)
 * for whatever the API did not take. The request id, the security headers and CORS are set on
 * Node's response below the handler (`withApiHeaders` of `@gatehousejs/http/node`, mounted by the kit), as for the other examples.
 */
export function createHandler(parts: AppParts): FetchHandler {
  const { auth, log, mailViewer, http } = parts;
  return createFetchHandler(auth, {
    pages: examplePages,
    trustedProxies: http.trustedProxies,
    trustedProxyHops: http.trustedProxyHops,
    routes: resourceRoutes(),
    errorLogFor: (facts) => errorLog(log, facts.requestId),
    fallback: async (request, facts) => {
      const account = await handleAccountPage(auth, request, facts);
      if (account) return account;
      const pageRequest = toPageRequest(request);
      const path = pageRequest.path;
      const viewer = mailViewer && (path === MAIL_VIEWER || path.startsWith(`${MAIL_VIEWER}/`));
      const page = viewer
        ? handleMailViewerRequest(mailViewer, toPageRequest(request, MAIL_VIEWER))
        : (handleApiDocs(pageRequest) ??
          handleDemoApp(pageRequest, { cookies: auth.config.cookies.enabled, accountPage: accountPagePath(auth) }) ??
          handleResetPasswordPage(pageRequest));
      return page ? sendPage(request, page) : undefined;
    },
  });
}

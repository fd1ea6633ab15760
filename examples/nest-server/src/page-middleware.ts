import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AppParts,
  handleApiDocs,
  handleDemoApp,
  handleMailViewerRequest,
  handleResetPasswordPage,
  type PageRequest,
  type PageResponse,
} from '@gatehousejs/example-server-kit';

const MAIL_VIEWER = '/mailhog';

/** The kit's framework-neutral page request, from Node's request; `basePath` is the mount point. */
function toPageRequest(req: IncomingMessage, basePath = ''): PageRequest {
  const url = new URL(req.url ?? '/', 'http://localhost');
  return { method: req.method ?? 'GET', path: url.pathname.slice(basePath.length) || '/', query: url.searchParams, basePath };
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: PageResponse): void {
  res.statusCode = page.status;
  for (const name in page.headers) res.setHeader(name, page.headers[name]!);
  res.end(req.method === 'HEAD' ? undefined : page.body);
}

/**
 * The example's pages, on Node's request and response so that both Nest platforms serve them
 * alike: the OpenAPI document and its docs page, the demo app at `/`, the reset-password page, and
 * the development mail viewer at `/mailhog` (only when the catcher is the mail transport: it
 * exposes live tokens). Anything else goes on to Nest.
 */
export function pageMiddleware({ mailViewer, auth }: Pick<AppParts, 'mailViewer' | 'auth'>) {
  const { enabled: cookies } = auth.config.cookies;
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const pageRequest = toPageRequest(req);
    let page = handleApiDocs(pageRequest) ?? handleDemoApp(pageRequest, { cookies }) ?? handleResetPasswordPage(pageRequest);
    const path = pageRequest.path;
    if (!page && mailViewer && (path === MAIL_VIEWER || path.startsWith(`${MAIL_VIEWER}/`))) {
      page = handleMailViewerRequest(mailViewer, toPageRequest(req, MAIL_VIEWER));
    }
    if (page) sendPage(req, res, page);
    else next();
  };
}

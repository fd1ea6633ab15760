import { AuthError } from '@gatehousejs/core';
import { toErrorResponse } from '@gatehousejs/http';
import type { PageRequest, PageResponse } from '../web-response.js';
import type { MailCatcher } from '@gatehousejs/mailer-smtp/testing';
import { PAGE_CONTENT_SECURITY_POLICY, renderMessageList, renderMessagePage, renderNotFound } from './mail-pages.js';
import { toMailhogMessage, toMailhogPage } from './mailhog-api.js';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

const PAGE_HEADERS = {
  'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const html = (status: number, body: string): PageResponse => ({
  status,
  headers: { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' },
  body,
});
const text = (status: number, body: string): PageResponse => ({
  status,
  headers: { ...PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  body,
});
const json = (status: number, value: unknown): PageResponse => ({
  status,
  headers: { ...PAGE_HEADERS, 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify(value),
});

/** A number from the query string; anything missing, malformed or out of range gives `fallback`. */
function queryInteger(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= min && value <= max ? value : fallback;
}

/** A path segment decoded, or undefined when it is not valid percent-encoding (`%E0%A4%A`, `%FF`). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const badPath = (): PageResponse => json(400, toErrorResponse(new AuthError('PATH_MALFORMED')).body);

/**
 * The web inbox of the development mail catcher and a MailHog-compatible subset of its API, for any
 * framework to mount (Express and Hono glue are a few lines each). Everything here exposes live
 * tokens: mount it only when the catcher is the mail transport, never in production.
 *
 * - `GET /`: the list of messages, newest first
 * - `GET /messages/:id`: one message; `GET /messages/:id/raw`: its source
 * - `GET /api/v2/messages?start=&limit=`: `{ total, count, start, items }`, newest first
 * - `GET /api/v1/messages`, `GET /api/v1/messages/:id`: MailHog v1 list and single message
 * - `DELETE /api/v1/messages`: deletes every message
 *
 * Returns `undefined` for a request it does not serve.
 */
export function handleMailViewerRequest(catcher: Pick<MailCatcher, 'messages' | 'clear'>, req: PageRequest): PageResponse | undefined {
  const newestFirst = () => catcher.messages().reverse();
  const find = (id: string) => catcher.messages().find((mail) => mail.id === id);
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const path = req.path.replace(/\/+$/, '') || '/';
  const message = /^\/messages\/([^/]+)(\/raw)?$/.exec(path);
  const apiMessage = /^\/api\/v1\/messages\/([^/]+)$/.exec(path);

  if (method === 'GET' && path === '/') return html(200, renderMessageList(newestFirst(), req.basePath));
  if (method === 'GET' && message) {
    const id = decodeSegment(message[1]!);
    if (id === undefined) return badPath();
    const mail = find(id);
    if (message[2]) return mail ? text(200, mail.raw) : text(404, 'No such mail.\n');
    return mail ? html(200, renderMessagePage(mail, req.basePath)) : html(404, renderNotFound(req.basePath));
  }
  if (method === 'GET' && path === '/api/v2/messages') {
    const start = queryInteger(req.query, 'start', 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = queryInteger(req.query, 'limit', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    return json(200, toMailhogPage(newestFirst(), start, limit));
  }
  if (method === 'GET' && path === '/api/v1/messages') return json(200, newestFirst().map(toMailhogMessage));
  if (method === 'GET' && apiMessage) {
    const id = decodeSegment(apiMessage[1]!);
    if (id === undefined) return badPath();
    const mail = find(id);
    return mail ? json(200, toMailhogMessage(mail)) : json(404, toErrorResponse(new AuthError('ROUTE_NOT_FOUND')).body);
  }
  if (method === 'DELETE' && path === '/api/v1/messages') {
    catcher.clear();
    return { status: 200, headers: PAGE_HEADERS, body: '' };
  }
  return undefined;
}

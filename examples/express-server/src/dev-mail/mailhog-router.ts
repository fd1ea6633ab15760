import express, { type Request, type Response, type Router } from 'express';
import type { MailCatcher } from './mail-catcher.js';
import { PAGE_CONTENT_SECURITY_POLICY, renderMessageList, renderMessagePage, renderNotFound } from './mail-pages.js';
import { toMailhogMessage, toMailhogPage } from './mailhog-api.js';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

/**
 * The web inbox of the development mail catcher and a MailHog-compatible subset of its API, to
 * mount at `/mailhog`. Everything here exposes live tokens: mount it only when the catcher is the
 * mail transport, never in production.
 *
 * - `GET /`: the list of messages, newest first
 * - `GET /messages/:id`: one message; `GET /messages/:id/raw`: its source
 * - `GET /api/v2/messages?start=&limit=`: `{ total, count, start, items }`, newest first
 * - `GET /api/v1/messages`, `GET /api/v1/messages/:id`: MailHog v1 list and single message
 * - `DELETE /api/v1/messages`: deletes every message
 *
 * @example
 * ```ts
 * const catcher = await startMailCatcher();
 * app.use('/mailhog', mailhogRouter(catcher));
 * ```
 */
export function mailhogRouter(catcher: Pick<MailCatcher, 'messages' | 'clear'>): Router {
  const router = express.Router();
  const newestFirst = () => catcher.messages().reverse();
  const find = (id: string) => catcher.messages().find((mail) => mail.id === id);

  router.use((_req, res, next) => {
    res.set({
      'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    next();
  });

  router.get('/', (req, res) => {
    res.type('html').send(renderMessageList(newestFirst(), req.baseUrl));
  });

  router.get('/messages/:id', (req, res) => {
    const mail = find(req.params.id);
    if (!mail) {
      res.status(404).type('html').send(renderNotFound(req.baseUrl));
      return;
    }
    res.type('html').send(renderMessagePage(mail, req.baseUrl));
  });

  router.get('/messages/:id/raw', (req, res) => {
    const mail = find(req.params.id);
    if (!mail) {
      res.status(404).type('text').send('No such mail.\n');
      return;
    }
    res.type('text').send(mail.raw);
  });

  router.get('/api/v2/messages', (req, res) => {
    const start = queryInteger(req, 'start', 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = queryInteger(req, 'limit', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    res.json(toMailhogPage(newestFirst(), start, limit));
  });

  router.get('/api/v1/messages', (_req, res) => {
    res.json(newestFirst().map(toMailhogMessage));
  });

  router.get('/api/v1/messages/:id', (req, res) => {
    const mail = find(req.params.id);
    if (!mail) {
      notFoundJson(res);
      return;
    }
    res.json(toMailhogMessage(mail));
  });

  router.delete('/api/v1/messages', (_req, res) => {
    catcher.clear();
    res.status(200).end();
  });

  return router;
}

/** A number from the query string; anything missing, malformed or out of range gives `fallback`. */
function queryInteger(req: Request, name: string, fallback: number, min: number, max: number): number {
  const raw = req.query[name];
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= min && value <= max ? value : fallback;
}

function notFoundJson(res: Response): void {
  res.status(404).json({ statusCode: 404, message: 'No such message.', error: 'Not Found' });
}

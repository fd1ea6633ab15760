import type { Auth } from '@gatehouse/core';
import { AUTH_ROUTES } from '@gatehouse/http';
import type { RequestHandler, Router } from 'express';
import { publicRoute } from './guard.js';
import { secureRouter } from './secure-router.js';

/**
 * The `/api/v1/auth` routes of CONTRACT §1 as an Express router. Mount it at `/api/v1/auth`.
 *
 * @example
 * app.use('/api/v1/auth', authRouter(auth));
 */
export function authRouter(auth: Auth, options: { bodyLimitBytes?: number } = {}): Router {
  const router = secureRouter(auth, options);
  for (const route of AUTH_ROUTES) {
    const handler: RequestHandler = async (req, res) => {
      const result = await route.handle(auth, { body: req.body, query: req.query as Record<string, unknown>, user: req.user });
      if (result.body === undefined) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    };
    const handlers = route.access === 'public' ? [publicRoute, handler] : [handler];
    if (route.method === 'GET') router.get(route.path, ...handlers);
    else router.post(route.path, ...handlers);
  }
  return router;
}

import type { Auth } from '@gatehousejs/core';
import { publicRoute, roles, secureRouter } from '@gatehousejs/express';
import type { Router } from 'express';

/**
 * The example's own routes of CONTRACT §7, beside the library's user routes (`userRouter`). Each
 * route says who may call it; none says "authenticated" because the secure router already denies
 * anonymous callers by default.
 */
export function resourceRoutes(auth: Auth): Router {
  const api = secureRouter(auth);

  api.get('/health', publicRoute, (_req, res) => {
    res.json({ status: 'ok' });
  });

  api.get('/reports', roles('manager', 'admin', 'super'), (_req, res) => {
    res.json({
      reports: [
        { id: 'signups-weekly', title: 'Weekly sign-ups' },
        { id: 'active-users', title: 'Active users' },
      ],
    });
  });

  return api;
}

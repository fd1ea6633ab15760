import type { Auth } from '@gatehousejs/core';
import { jsonResponse, publicRoute, roles, secureRoutes, type GatehouseEnv } from '@gatehousejs/hono';
import type { Hono } from 'hono';

/**
 * The example's own routes of CONTRACT §7, beside the library's user routes (`userRoutes`). Each
 * route says who may call it; none says "authenticated" because `secureRoutes` already denies
 * anonymous callers by default. Answers go through `jsonResponse`, so they carry the same
 * `Content-Type` as on Express.
 */
export function resourceRoutes(auth: Auth): Hono<GatehouseEnv> {
  const api = secureRoutes(auth);

  api.get('/health', publicRoute, (c) => jsonResponse(c, 200, { status: 'ok' }));

  api.get('/reports', roles('manager', 'admin', 'super'), (c) =>
    jsonResponse(c, 200, {
      reports: [
        { id: 'signups-weekly', title: 'Weekly sign-ups' },
        { id: 'active-users', title: 'Active users' },
      ],
    }),
  );

  return api;
}

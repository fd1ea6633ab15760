import type { Auth } from '@gatehousejs/core';
import type { Route, RouteResult } from './route.js';

/** How long a balancer should wait before it asks an instance that is not ready again. */
const RETRY_AFTER_SECONDS = '5';

/**
 * `GET /health/ready` (CONTRACT §8), relative to `/api/v1`: `auth.checkReadiness()` as an answer
 * for a load balancer. 200 `{ status: 'ready', checks }`; 503 with the same shape and `Retry-After`
 * when a dependency does not answer or the instance is shutting down. Public, never cached, and
 * nothing in it but dependency names and `ok`/`unavailable`. It is the head of `USER_ROUTES`, so
 * every adapter mounts it with the user routes.
 */
export const READINESS_ROUTE: Route & { method: 'GET'; roles: undefined } = Object.freeze({
  method: 'GET',
  path: '/health/ready',
  access: 'public',
  roles: undefined,
  async handle(auth: Auth<string>): Promise<RouteResult> {
    const report = await auth.checkReadiness();
    return report.status === 'ready'
      ? { status: 200, body: report, headers: { 'Cache-Control': 'no-store' } }
      : { status: 503, body: report, headers: { 'Cache-Control': 'no-store', 'Retry-After': RETRY_AFTER_SECONDS } };
  },
});

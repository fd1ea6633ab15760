import { z } from 'zod';
import type { Operation } from './operations.js';

const readinessReport = z.object({
  status: z.enum(['ready', 'unavailable', 'stopping']),
  checks: z.record(z.string(), z.enum(['ok', 'unavailable'])),
});

/** `GET /api/v1/health/ready` (`READINESS_ROUTE`): `auth.checkReadiness()` for a load balancer. */
export const READINESS_OPERATIONS: Readonly<Record<string, Operation>> = Object.freeze({
  'GET /api/v1/health/ready': {
    summary: 'Readiness',
    tag: 'users',
    bearer: false,
    responses: {
      200: {
        description: '`{ status: "ready", checks: { database: "ok", redis: "ok", hasher: "ok" } }`: every configured dependency answers.',
        schema: readinessReport,
      },
      503: {
        description: '`{ status: "unavailable" | "stopping", checks }` naming the dependency that did not answer; `Retry-After` set.',
        schema: readinessReport,
      },
    },
  },
});

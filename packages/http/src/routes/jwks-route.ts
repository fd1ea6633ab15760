import type { AuthRoute } from './auth-routes.js';

/**
 * How long verifiers may keep the key set. Five minutes: a key added for rotation reaches every
 * cache well within the wait the runbook asks for (docs/keys.md), and a verifier that meets an
 * unknown kid refetches anyway. The answer holds public keys only, so a shared cache may keep it.
 */
export const JWKS_CACHE_CONTROL = 'public, max-age=300';

/**
 * `GET /api/v1/auth/jwks` (CONTRACT §9): the public keys access tokens are verified with, for
 * resource services and gateways that verify tokens without any secret; `{ keys: [] }` under HS256.
 */
export const JWKS_ROUTES: readonly AuthRoute[] = Object.freeze([
  {
    method: 'GET',
    path: '/jwks',
    access: 'public',
    handle: async (auth) => ({ status: 200, body: await auth.jwks(), headers: { 'Cache-Control': JWKS_CACHE_CONTROL } }),
  },
] satisfies AuthRoute[]);

import type { MiddlewareHandler } from 'hono';

/**
 * Auth responses carry tokens: never let a cache keep them; never let a browser sniff types.
 * Set on every response of the paths it covers, errors and 404s included.
 *
 * @example
 * app.use('/api/*', securityHeaders());
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  };
}

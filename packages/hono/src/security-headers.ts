import { API_SECURITY_HEADERS } from '@gatehousejs/http';
import type { MiddlewareHandler } from 'hono';
import { withResponseHeaders } from './response-headers.js';

/**
 * Auth responses carry tokens: never let a cache keep them; never let a browser sniff types.
 * Set on every response of the paths it covers, errors and 404s included, and on a `Response` a
 * handler built itself. The headers go in before the handler runs, so an ordinary answer is built
 * with them and is not copied (see `withResponseHeaders`).
 *
 * @example
 * app.use('/api/*', securityHeaders());
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => withResponseHeaders(c, next, API_SECURITY_HEADERS);
}

import { createResetPasswordPage, type ResetPasswordPageOptions } from '@gatehousejs/http';
import type { MiddlewareHandler } from 'hono';

/**
 * Serves the page the password-reset mail links to (`/reset-password?token=…`, with its script and
 * style), for apps that do not build their own. Web-standard: no Node API.
 *
 * @example
 * app.use(resetPasswordPage());
 */
export function resetPasswordPage(options: ResetPasswordPageOptions = {}): MiddlewareHandler {
  const page = createResetPasswordPage(options);
  return async (c, next) => {
    const answer = page.answer(c.req.method, c.req.path);
    if (!answer) return next();
    return new Response(c.req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
}

import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { ResetPasswordPageOptions } from '@gatehousejs/http';
import type { MiddlewareHandler } from 'hono';
import { sendAnswer } from './exchange.js';

/**
 * Serves the page the password-reset mail links to (`/reset-password?token=…`); web-standard, no Node API.
 * @example app.use(resetPasswordPage());
 */
export function resetPasswordPage(options: ResetPasswordPageOptions = {}): MiddlewareHandler {
  const page = kit.resetPasswordAnswers(options);
  return async (c, next) => {
    const answer = page(c.req.method, c.req.path);
    return answer ? sendAnswer(c, answer) : next();
  };
}

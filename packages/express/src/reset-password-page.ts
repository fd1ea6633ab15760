import { adapterKit as kit } from '@gatehousejs/http/adapter';
import type { ResetPasswordPageOptions } from '@gatehousejs/http';
import type { RequestHandler } from 'express';
import { writeAnswer } from './exchange.js';

/**
 * Serves the page the password-reset mail links to (`/reset-password?token=…`); mount it outside any guarded router.
 * @example app.use(resetPasswordPage());
 */
export function resetPasswordPage(options: ResetPasswordPageOptions = {}): RequestHandler {
  const page = kit.resetPasswordAnswers(options);
  return (req, res, next) => {
    const answer = page(req.method, req.path);
    if (answer) writeAnswer(res, answer);
    else next();
  };
}

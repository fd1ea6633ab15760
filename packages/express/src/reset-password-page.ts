import { createResetPasswordPage, type ResetPasswordPageOptions } from '@gatehousejs/http';
import type { RequestHandler } from 'express';

/**
 * Serves the page the password-reset mail links to (`/reset-password?token=…`, with its script and
 * style), for apps that do not build their own. Mount it on the app, outside any guarded router.
 *
 * @example
 * app.use(resetPasswordPage());
 */
export function resetPasswordPage(options: ResetPasswordPageOptions = {}): RequestHandler {
  const page = createResetPasswordPage(options);
  return (req, res, next) => {
    const answer = page.answer(req.method, req.path);
    if (!answer) return next();
    res.status(answer.status).set(answer.headers);
    if (req.method === 'HEAD') res.end();
    else res.send(answer.body);
  };
}

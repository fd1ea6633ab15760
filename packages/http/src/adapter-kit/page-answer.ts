import type { Answer } from '../kernel/exchange.js';
import { createResetPasswordPage, type ResetPasswordPageOptions } from '../pages/reset-password-page/reset-password-page.js';

/**
 * The reset-password page (`/reset-password`, its script and style) as the kernel's answers, for an
 * adapter to write as it writes any other: `undefined` for a request it does not serve, no body for HEAD.
 *
 * @example
 * const page = resetPasswordAnswers();
 * const answer = page('GET', '/reset-password'); // { status: 200, headers: { 'Content-Type': 'text/html; …' }, body }
 */
export function resetPasswordAnswers(options: ResetPasswordPageOptions = {}): (method: string, path: string) => Answer | undefined {
  const page = createResetPasswordPage(options);
  return (method, path) => {
    const answer = page.answer(method, path);
    if (!answer) return undefined;
    return { status: answer.status, headers: answer.headers, body: method === 'HEAD' ? undefined : answer.body };
  };
}

/** Facts about the caller that an HTTP adapter knows and core does not. */
export interface RequestContext {
  /**
   * The client's address (socket address, or the trusted proxy's forwarded one). Rate limits per
   * client apply only when it is known.
   */
  clientAddress?: string | undefined;
  /**
   * The app's id for this request (an `X-Request-Id`), if it has one. The audit events and
   * background failures of the call carry it, so a log can tie them to the request without
   * asynchronous context (`AsyncLocalStorage`).
   */
  requestId?: string | undefined;
  /**
   * The request's `User-Agent`, if any: stored with the session it signs in or refreshes, so the
   * user can tell their devices apart (`GET /users/me/sessions`) and in notice mails.
   */
  userAgent?: string | undefined;
}

/** `ada@example.com` → `a***@example.com`: enough to tell accounts apart in a log, no more. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

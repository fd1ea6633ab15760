import type { SecurityNotice } from '../ports/mailer.js';
import { maskAddress } from './mask-address.js';
import type { RequestContext } from './request-context.js';

/** When and from which device a change was made, for a notice mail (address masked). */
export function securityNotice(request: RequestContext, at: Date): SecurityNotice {
  const ipAddress = maskAddress(request.clientAddress);
  return {
    at,
    ...(request.userAgent ? { userAgent: request.userAgent.slice(0, 512) } : {}),
    ...(ipAddress ? { ipAddress } : {}),
  };
}

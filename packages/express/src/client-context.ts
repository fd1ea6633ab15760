import type { RequestContext } from '@gatehousejs/core';
import { resolveClientAddress, type ClientAddressInput } from '@gatehousejs/http';
import type { Request } from 'express';

/** What the route tables need to tell who calls (the options of `authRouter` and `userRouter`, proxies parsed). */
export interface ClientContextOptions {
  trustedProxies?: ClientAddressInput['trustedProxies'];
  trustedProxyHops?: number | undefined;
  requestId?: ((req: Request) => string | undefined) | undefined;
}

/** The `RequestContext` core gets for a request: the client's address (through trusted proxies) and the app's request id. */
export function clientContext(req: Request, options: ClientContextOptions): RequestContext {
  return {
    clientAddress: resolveClientAddress({
      socketAddress: req.socket.remoteAddress,
      forwardedFor: req.get('x-forwarded-for'),
      trustedProxyHops: options.trustedProxyHops ?? 0,
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    }),
    userAgent: req.get('user-agent'),
    requestId: options.requestId?.(req),
  };
}

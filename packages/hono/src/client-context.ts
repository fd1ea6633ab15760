import type { RequestContext } from '@gatehousejs/core';
import { resolveClientAddress, type ClientAddressInput } from '@gatehousejs/http';
import type { Context } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';

/** What the route tables need to tell who calls (the options of `authRoutes` and `userRoutes`, proxies parsed). */
export interface ClientContextOptions {
  getConnInfo?: GetConnInfo | undefined;
  trustedProxies?: ClientAddressInput['trustedProxies'];
  trustedProxyHops?: number | undefined;
  requestId?: ((c: Context) => string | undefined) | undefined;
}

/** The `RequestContext` core gets for a request: the client's address (through trusted proxies) and the app's request id. */
export function clientContext(c: Context, options: ClientContextOptions): RequestContext {
  return {
    clientAddress: resolveClientAddress({
      socketAddress: options.getConnInfo?.(c).remote.address,
      forwardedFor: c.req.header('x-forwarded-for'),
      trustedProxyHops: options.trustedProxyHops ?? 0,
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    }),
    userAgent: c.req.header('user-agent'),
    requestId: options.requestId?.(c),
  };
}

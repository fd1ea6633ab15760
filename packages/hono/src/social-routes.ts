import type { Auth } from '@gatehousejs/core';
import { type ClientAddressInput, assertIdentityEncoding, parseFormBody, queryFromSearchParams, resolveClientAddress, type SocialRoute } from '@gatehousejs/http';
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { GetConnInfo } from 'hono/conninfo';
import type { StatusCode } from 'hono/utils/http-status';
import type { GatehouseEnv } from './gatehouse-env.js';
import { publicRoute } from './guard.js';
import { jsonResponse } from './json-response.js';
import { readBodyBytes } from './read-body.js';

const forms = new WeakMap<Request, URLSearchParams>();

/**
 * Mounts social routes on a `secureRoutes` app. A form route (Apple's form_post callback) has its
 * body read first, under the same size rules; the request then goes on without a body, so the app's
 * JSON rule finds it empty.
 */
export function mountSocialRoutes(
  app: Hono<GatehouseEnv>,
  auth: Auth<string>,
  routes: readonly SocialRoute[],
  options: { bodyLimitBytes?: number | undefined; trustedProxyHops?: number | undefined; trustedProxies?: ClientAddressInput['trustedProxies']; getConnInfo?: GetConnInfo | undefined },
): void {
  for (const route of routes.filter((r) => r.body === 'form')) {
    const readForm: MiddlewareHandler<GatehouseEnv> = async (c, next) => {
      if (c.req.method === route.method) {
        assertIdentityEncoding(c.req.header('content-encoding'));
        const form = parseFormBody(c.req.header('content-type'), await readBodyBytes(c.req.raw, options.bodyLimitBytes ?? 16 * 1024));
        c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers });
        forms.set(c.req.raw, form);
      }
      await next();
    };
    app.use(route.path, publicRoute, readForm);
  }
  for (const route of routes) {
    const handler: Handler<GatehouseEnv> = async (c) => {
      const url = new URL(c.req.url);
      const result = await route.handle(auth, {
        body: c.get('body'),
        query: queryFromSearchParams(url.searchParams),
        params: c.req.param() as Record<string, string>,
        user: c.get('user') as GatehouseEnv['Variables']['user'] | undefined,
        cookie: c.req.header('cookie'),
        parameters: route.body === 'form' ? (forms.get(c.req.raw) ?? new URLSearchParams()) : new URLSearchParams(url.search),
        client: {
          clientAddress: resolveClientAddress({
            socketAddress: options.getConnInfo?.(c).remote.address,
            forwardedFor: c.req.header('x-forwarded-for'),
            trustedProxyHops: options.trustedProxyHops ?? 0,
            ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
          }),
        },
      });
      const headers = result.headers ?? {};
      if (result.body === undefined) return c.body(null, result.status as StatusCode, headers);
      return jsonResponse(c, result.status, result.body, headers);
    };
    const handlers = route.access === 'public' ? [publicRoute, handler] : [handler];
    app.on(route.method, route.path, ...(handlers as [Handler<GatehouseEnv>]));
  }
}

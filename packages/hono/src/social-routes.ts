import type { Auth } from '@gatehousejs/core';
import { assertIdentityEncoding, markFormBody, parseFormBody, queryFromSearchParams, type SocialRoute } from '@gatehousejs/http';
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import { clientContext, type ClientContextOptions } from './client-context.js';
import type { GatehouseEnv } from './gatehouse-env.js';
import { publicRoute } from './guard.js';
import { jsonResponse } from './json-response.js';
import { readBodyBytes } from './read-body.js';

/**
 * Reads an `application/x-www-form-urlencoded` body (Apple's form_post callback) into
 * `c.get('body')` as `URLSearchParams`, under the same size and encoding rules as the JSON body: 413,
 * 415 for another media type or a compressed body. Marked, so the `secureRoutes` guard leaves this
 * route's body to it.
 */
function formBody(limitBytes: number): MiddlewareHandler<GatehouseEnv> {
  return markFormBody<MiddlewareHandler<GatehouseEnv>>(async (c, next) => {
    assertIdentityEncoding(c.req.header('content-encoding'));
    c.set('body', parseFormBody(c.req.header('content-type'), await readBodyBytes(c.req.raw, limitBytes)));
    await next();
  });
}

/** Mounts social routes on a `secureRoutes` app; a form route (the form_post callback) gets the form reader. */
export function mountSocialRoutes(
  app: Hono<GatehouseEnv>,
  auth: Auth<string>,
  routes: readonly SocialRoute[],
  options: ClientContextOptions & { bodyLimitBytes?: number | undefined },
): void {
  const readForm = formBody(options.bodyLimitBytes ?? 16 * 1024);
  for (const route of routes) {
    const handler: Handler<GatehouseEnv> = async (c) => {
      const url = new URL(c.req.url);
      const result = await route.handle(auth, {
        body: c.get('body'),
        query: queryFromSearchParams(url.searchParams),
        params: c.req.param() as Record<string, string>,
        user: c.get('user') as GatehouseEnv['Variables']['user'] | undefined,
        cookie: c.req.header('cookie'),
        parameters: route.body === 'form' ? (c.get('body') as URLSearchParams) : new URLSearchParams(url.search),
        client: clientContext(c, options),
        origin: c.req.header('origin'),
        fetchSite: c.req.header('sec-fetch-site'),
      });
      // Cookie mode's session cookies: one Set-Cookie header each (until this adapter is on the kernel).
      for (const cookie of result.cookies ?? []) c.header('Set-Cookie', cookie, { append: true });
      const headers = result.headers ?? {};
      if (result.body === undefined) return c.body(null, result.status as StatusCode, headers);
      return jsonResponse(c, result.status, result.body, headers);
    };
    const handlers = [...(route.access === 'public' ? [publicRoute] : []), ...(route.body === 'form' ? [readForm] : []), handler];
    app.on(route.method, route.path, ...(handlers as [Handler<GatehouseEnv>]));
  }
}

import type { Auth } from '@gatehousejs/core';
import { type ClientAddressInput, assertIdentityEncoding, parseFormBody, resolveClientAddress, type SocialRoute } from '@gatehousejs/http';
import type { Request, RequestHandler, Router } from 'express';
import { publicRoute } from './guard.js';
import { headerValue } from './header-value.js';
import { readBodyBytes } from './read-body.js';

const FORM_BODY = Symbol('gatehouse.form-body');
type WithForm = Request & { [FORM_BODY]?: URLSearchParams };

/** Express's path pattern (`/oauth/:provider/callback`) as an exact regular expression for `req.path`. */
const exactPath = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);

/**
 * Mounts social routes on a `secureRouter`. A form route (Apple's form_post callback) has its body
 * read here first, under the same size rules, so the router's JSON rule finds it read and empty.
 */
export function mountSocialRoutes(
  router: Router,
  auth: Auth<string>,
  routes: readonly SocialRoute[],
  options: { bodyLimitBytes?: number | undefined; trustedProxyHops?: number | undefined; trustedProxies?: ClientAddressInput['trustedProxies'] },
): void {
  for (const route of routes.filter((r) => r.body === 'form')) {
    const pattern = exactPath(route.path);
    router.use((req: WithForm, _res, next) => {
      if (req.method !== route.method || !pattern.test(req.path)) return next();
      try {
        assertIdentityEncoding(headerValue(req, 'content-encoding'));
      } catch (error) {
        return next(error);
      }
      readBodyBytes(req, options.bodyLimitBytes ?? 16 * 1024)
        .then(async (bytes) => {
          req[FORM_BODY] = parseFormBody(headerValue(req, 'content-type'), bytes);
          // Let the stream reach its end, so the router's JSON rule finds the body read (and empty).
          if (!req.readableEnded) await new Promise((resolve) => req.once('end', resolve).resume());
          next();
        })
        .catch(next);
    });
  }
  for (const route of routes) {
    const handler: RequestHandler = async (req: WithForm, res) => {
      const query = req.query as Record<string, unknown>;
      const queryString = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      const result = await route.handle(auth, {
        body: req.body,
        query,
        params: req.params as Record<string, string>,
        user: req.user,
        cookie: headerValue(req, 'cookie'),
        parameters: route.body === 'form' ? (req[FORM_BODY] ?? new URLSearchParams()) : new URLSearchParams(queryString),
        client: {
          clientAddress: resolveClientAddress({
            socketAddress: req.socket.remoteAddress,
            forwardedFor: req.get('x-forwarded-for'),
            trustedProxyHops: options.trustedProxyHops ?? 0,
            ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
          }),
        },
      });
      if (result.headers) res.set(result.headers);
      if (result.body === undefined) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    };
    const handlers = route.access === 'public' ? [publicRoute, handler] : [handler];
    if (route.method === 'GET') router.get(route.path, ...handlers);
    else router.post(route.path, ...handlers);
  }
}

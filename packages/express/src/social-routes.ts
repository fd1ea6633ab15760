import { AuthError, type Auth } from '@gatehousejs/core';
import {
  type ClientAddressInput,
  assertFormMediaType,
  assertIdentityEncoding,
  bodyError,
  markFormBody,
  parseFormBody,
  resolveClientAddress,
  type SocialRoute,
} from '@gatehousejs/http';
import type { Request, RequestHandler, Router } from 'express';
import { publicRoute } from './guard.js';
import { headerValue } from './header-value.js';
import { readBodyBytes } from './read-body.js';

/**
 * Reads an `application/x-www-form-urlencoded` body (Apple's form_post callback) into `req.body` as
 * `URLSearchParams`, under the same size and encoding rules as the JSON body: 413, 415 for another
 * media type or a compressed body. Marked, so the `secureRouter` guard leaves this route's body to it.
 */
function formBody(limitBytes: number): RequestHandler {
  return markFormBody<RequestHandler>((req, _res, next) => {
    try {
      assertIdentityEncoding(headerValue(req, 'content-encoding'));
      // An app's `express.urlencoded()` (or `text()`/`raw()`) before the router already read it.
      if (req.readableEnded) {
        req.body = formParsedBefore(req, limitBytes);
        return next();
      }
    } catch (error) {
      return next(error);
    }
    readBodyBytes(req, limitBytes)
      .then((bytes) => {
        req.body = parseFormBody(headerValue(req, 'content-type'), bytes);
      })
      .then(() => next(), next);
  });
}

/**
 * The form body of a request whose stream a parser before Gatehouse read, under the same rules:
 * bytes or a string are parsed as if read here; a value `express.urlencoded()` made is taken back
 * as parameters (repeated ones kept, so the callback still refuses them), 415 unless the request
 * was declared a form, 413 over the limit; nothing kept is a configuration error, never an empty body.
 */
function formParsedBefore(req: Request, limitBytes: number): URLSearchParams {
  const contentType = headerValue(req, 'content-type');
  const parsed: unknown = req.body;
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) {
    if (Buffer.byteLength(parsed) > limitBytes) throw bodyError('too-large');
    return parseFormBody(contentType, parsed);
  }
  if (parsed === undefined || parsed === null || typeof parsed !== 'object') {
    throw new AuthError(
      'INVALID_CONFIG',
      'The request body was read before Gatehouse, and req.body is empty: a middleware before the router consumed the stream without keeping the body. ' +
        'Mount body parsers after the Gatehouse routers, or use express.urlencoded().',
    );
  }
  if (Number(headerValue(req, 'content-length') ?? Number.NaN) === 0) return new URLSearchParams();
  assertFormMediaType(contentType);
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(parsed)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      // `extended: true` nests `a[b]=c` into objects: no callback parameter looks like that.
      if (typeof item !== 'string') throw new AuthError('VALIDATION_FAILED', `${name} is not a plain form parameter`);
      parameters.append(name, item);
    }
  }
  if (Buffer.byteLength(parameters.toString()) > limitBytes) throw bodyError('too-large');
  return parameters;
}

/** Mounts social routes on a `secureRouter`; a form route (the form_post callback) gets the form reader. */
export function mountSocialRoutes(
  router: Router,
  auth: Auth<string>,
  routes: readonly SocialRoute[],
  options: {
    bodyLimitBytes?: number | undefined;
    trustedProxyHops?: number | undefined;
    trustedProxies?: ClientAddressInput['trustedProxies'];
  },
): void {
  const readForm = formBody(options.bodyLimitBytes ?? 16 * 1024);
  for (const route of routes) {
    const handler: RequestHandler = async (req, res) => {
      const query = req.query as Record<string, unknown>;
      const queryString = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      const result = await route.handle(auth, {
        body: req.body,
        query,
        params: req.params as Record<string, string>,
        user: req.user,
        cookie: headerValue(req, 'cookie'),
        parameters: route.body === 'form' ? (req.body as URLSearchParams) : new URLSearchParams(queryString),
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
    const handlers = [...(route.access === 'public' ? [publicRoute] : []), ...(route.body === 'form' ? [readForm] : []), handler];
    if (route.method === 'GET') router.get(route.path, ...handlers);
    else router.post(route.path, ...handlers);
  }
}

import type { Auth } from '@gatehousejs/core';
import { assertPathEncoding, methodTakesBody } from '@gatehousejs/http';
import type { Context } from 'hono';
import { verifyContext } from './guard.js';
import { bodyReader } from './json-body.js';
import type { RouteDecision } from './matched-routes.js';

const ALLOW_UNCONFIRMED = Object.freeze({ allowUnconfirmed: true });

/**
 * Lets a request through to `next` as a route's declaration says, or throws the error it gets
 * instead: a path that is not validly percent-encoded is a 400; unless the route is public, the
 * bearer token must be valid (401); then the JSON body rules fill `c.get('body')` (after the token,
 * so an anonymous caller's body is never read on a protected route), unless the route reads a form
 * body itself. One place for both ways a route is guarded: the `secureRoutes` guard, which decides
 * from the routes Hono matched, and a route of the library's tables, which carries its declaration.
 *
 * Not async: with a token in the verified-token cache and no body to read (a GET), it adds no
 * promise of its own.
 */
export function routeAdmission(
  auth: Auth<string>,
  bodyLimitBytes: number | undefined,
): <T>(c: Context, decision: RouteDecision, next: () => T) => T | Promise<Awaited<T>> {
  const verify = verifyContext(auth);
  const readBody = bodyReader(bodyLimitBytes);
  const withBody = <T>(c: Context, decision: RouteDecision, next: () => T): T | Promise<Awaited<T>> => {
    // A route that reads its own form body (a form_post callback) is left to its reader.
    if (decision.readsForm && methodTakesBody(c.req.method)) return next();
    const reading = readBody(c);
    return reading ? reading.then(() => next() as Awaited<T>) : next();
  };
  return <T>(c: Context, decision: RouteDecision, next: () => T): T | Promise<Awaited<T>> => {
    assertPathEncoding(c.req.url);
    if (decision.access === 'public') return withBody(c, decision, next);
    const pending = verify(c, decision.access === 'unconfirmed-allowed' ? ALLOW_UNCONFIRMED : undefined);
    return pending ? pending.then(() => withBody(c, decision, next) as Awaited<T>) : withBody(c, decision, next);
  };
}

import type { Auth } from '@gatehousejs/core';
import type { RouteAccess } from '@gatehousejs/http';
import type { NextFunction, Request, Response } from 'express';
import { verifyRequest } from './guard.js';
import { jsonBody } from './json-body-middleware.js';

const ALLOW_UNCONFIRMED = Object.freeze({ allowUnconfirmed: true });

/** What a route declares about who may call it and how its body is read. */
export interface RouteDecision {
  access: Exclude<RouteAccess, 'unmatched'>;
  /** It reads a form body itself (a form_post callback), so the JSON rule must not. */
  readsForm: boolean;
}

/**
 * Lets a request through to `proceed` as a route's declaration says, or passes the error it gets
 * to `fail`: unless the route is public the bearer token must be valid (401); then the JSON body
 * rules fill `req.body` (after the token, so an anonymous caller's body is never read on a protected
 * route), unless the route reads a form body itself. One place for both ways a route is guarded:
 * the `secureRouter` guard, which decides from the routes that match, and a route of the library's
 * tables, which carries its declaration.
 */
export function routeAdmission(
  auth: Auth<string>,
  bodyLimitBytes: number | undefined,
): (req: Request, res: Response, decision: RouteDecision, proceed: () => void, fail: NextFunction) => void {
  const verify = verifyRequest(auth);
  const body = jsonBody(bodyLimitBytes);
  return (req, res, decision, proceed, fail) => {
    const withBody = () => {
      if (decision.readsForm) return proceed();
      void body(req, res, (error?: unknown) => (error === undefined ? proceed() : fail(error)));
    };
    let pending: Promise<void> | undefined;
    try {
      if (decision.access !== 'public') pending = verify(req, decision.access === 'unconfirmed-allowed' ? ALLOW_UNCONFIRMED : undefined);
    } catch (error) {
      return fail(error);
    }
    // A token already in the verified-token cache needs no promise.
    if (!pending) return withBody();
    pending.then(withBody, fail);
  };
}

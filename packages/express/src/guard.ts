import { allOf, anyOf, type Auth, type Role, type RoleRequirement } from '@gatehouse/core';
import { assertRoles, cachedBearerUser, markPublic, markRoleRequirement, readBearerToken } from '@gatehouse/http';
import type { RequestHandler } from 'express';
import { headerValue } from './header-value.js';

/** Marks a route as open to anyone. Only routes carrying this marker skip authentication. */
export const publicRoute: RequestHandler = markPublic<RequestHandler>((_req, _res, next) => next());

/** Verifies the bearer access token and puts its payload on `req.user`; 401 otherwise. */
export function authenticate(auth: Auth): RequestHandler {
  return (req, _res, next) => {
    const authorization = headerValue(req, 'authorization');
    // A token already verified and cached is answered without a promise; any other gets the full check.
    const cached = cachedBearerUser(auth, authorization);
    if (cached) {
      req.user = cached;
      return next();
    }
    let token: string;
    try {
      token = readBearerToken(authorization);
    } catch (error) {
      return next(error);
    }
    auth.verifyAccessToken(token).then((user) => {
      req.user = user;
      next();
    }, next);
  };
}

function requireRoles(requirement: RoleRequirement): RequestHandler {
  const handler: RequestHandler = (req, _res, next) => {
    // Runs after `authenticate`; a missing user here means the route was mounted outside the guard.
    if (!req.user) return next(new Error('role check reached without authentication'));
    try {
      assertRoles(req.user, requirement);
      next();
    } catch (error) {
      next(error);
    }
  };
  return markRoleRequirement(handler, requirement);
}

/** The user needs at least one of `roles` (the spec's OR). */
export const roles = (...required: Role[]): RequestHandler => requireRoles(anyOf(...required));
/** The user needs every one of `roles` (AND, beyond the spec). */
export const allRoles = (...required: Role[]): RequestHandler => requireRoles(allOf(...required));

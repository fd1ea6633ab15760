import { REQUEST_SCHEMAS, type RequestSchemas } from '@gatehousejs/core/internal';
import type { z } from 'zod';
import { jsonWebKeySet } from './jwks-schema.js';
import * as bodies from './response-schemas.js';
import { SOCIAL_OPERATIONS } from './social-operations.js';
import { accountOperations } from './account-operations.js';
import { MFA_OPERATIONS } from './mfa-operations.js';
import { PASSKEY_OPERATIONS } from './passkey-operations.js';
import { READINESS_OPERATIONS } from './readiness-operation.js';
import { loginOrChallenge } from './mfa-schemas.js';
import { E, ALWAYS, JSON_BODY } from './common-responses.js';
import { CLEARS_REFUSED, CLEARS_SESSION, SETS_SESSION } from './cookie-mode.js';

/** One documented answer: its schema (none for 204) and what it means. */
export interface DocumentedResponse {
  description: string;
  schema?: z.ZodType;
}

/** One operation of the API as the document states it. Paths are full (`/api/v1/…`), with `:param`. */
export interface Operation {
  summary: string;
  tag: 'auth' | 'users' | 'social';
  /** Needs `Authorization: Bearer <access token>`. */
  bearer: boolean;
  /** Who may call it, when a role is needed (any of them). */
  roles?: readonly string[];
  body?: z.ZodType;
  /** The body may be left out (cookie mode: the refresh token comes from the session cookie). */
  bodyOptional?: boolean;
  /** A form body (`application/x-www-form-urlencoded`), as a provider's form_post sends it. */
  form?: z.ZodType;
  query?: z.ZodType;
  /**
   * The route honours cookie mode (`usesCookies`): the document declares the `Gatehouse-Session`
   * request header, and `Set-Cookie` on these statuses, described by what it sets or clears there.
   */
  cookieMode?: Readonly<Record<number, string>>;
  responses: Readonly<Record<number, DocumentedResponse>>;
}

const COOKIE_BODY =
  'In cookie mode (`AUTH_COOKIES=true`, or with the header `Gatehouse-Session: cookie` under the default `AUTH_COOKIES=auto`) the body may be left out (or hold no `refreshToken`): the token is then read from the session cookie (docs/browser-sessions.md).';

const RATE_LIMITED = { 429: E('Rate limit hit; `Retry-After` is set.') };
const BEARER = {
  401: E('Missing, malformed, tampered or expired access token.'),
  403: E('E-mail not confirmed while the deployment requires it.'),
};
const ADMIN = { 403: E('The caller holds none of the required roles, or the e-mail is not confirmed while required.') };

const ADMINS = ['admin', 'super'] as const;

/**
 * The operations of the library's routes (CONTRACT §1 and §8) by `METHOD path`. Request schemas are
 * the ones core validates with; `openapi-document.test.ts` proves every route of `AUTH_ROUTES` and
 * `USER_ROUTES` is here.
 */
export function operationsFor(schemas: RequestSchemas): Readonly<Record<string, Operation>> {
  return Object.freeze({
    ...SOCIAL_OPERATIONS,
    ...accountOperations(),
    ...READINESS_OPERATIONS,
    'POST /api/v1/auth/register': {
      summary: 'Register an account',
      tag: 'auth',
      bearer: false,
      body: schemas.register,
      cookieMode: { 201: SETS_SESSION },
      responses: {
        201: {
          description: 'Created: the user and a token pair (with `concealRegisteredEmails`, only a message).',
          schema: bodies.registerResult.or(bodies.message),
        },
        409: E('The e-mail or username is taken.'),
        403: E('Cookie mode: a browser request from an origin the app does not trust (`CSRF_REJECTED`).'),
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'POST /api/v1/auth/login': {
      summary: 'Log in with e-mail and password',
      tag: 'auth',
      bearer: false,
      body: schemas.login,
      cookieMode: { 200: `${SETS_SESSION} None for a second factor's challenge.` },
      responses: {
        200: {
          description: 'A token pair and the user, or for an account with a second factor its challenge (docs/mfa.md).',
          schema: loginOrChallenge,
        },
        401: E('Wrong e-mail or password (one message for both).'),
        403: E('E-mail not confirmed while the deployment requires it; in cookie mode, an untrusted origin (`CSRF_REJECTED`).'),
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'POST /api/v1/auth/refresh-token': {
      summary: 'Rotate a refresh token into a new pair',
      tag: 'auth',
      bearer: false,
      body: schemas.refreshToken.meta({ description: COOKIE_BODY }),
      bodyOptional: true,
      cookieMode: { 200: SETS_SESSION, 401: CLEARS_REFUSED },
      responses: {
        200: { description: 'A new pair; the presented refresh token is used up.', schema: bodies.tokenPair },
        401: E('Refresh token invalid, expired, revoked or reused (reuse revokes its family).'),
        403: E('E-mail not confirmed while the deployment requires it; in cookie mode, an untrusted origin (`CSRF_REJECTED`).'),
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'POST /api/v1/auth/verify-token': {
      summary: 'Verify an access token',
      tag: 'auth',
      bearer: true,
      responses: { 200: { description: 'The token is valid.', schema: bodies.verifiedToken }, ...BEARER, ...JSON_BODY, ...ALWAYS },
    },
    'GET /api/v1/auth/verify-email': {
      summary: 'Confirm an e-mail address with the mailed token',
      tag: 'auth',
      bearer: false,
      query: schemas.verifyEmail,
      responses: {
        200: { description: 'The address is confirmed.', schema: bodies.message },
        400: E('Unknown, used or expired token.'),
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'GET /api/v1/auth/jwks': {
      summary: 'The public keys that verify access tokens (JWKS)',
      tag: 'auth',
      bearer: false,
      responses: {
        200: { description: 'A JWK Set; `Cache-Control: public, max-age=300`. Empty under HS256.', schema: jsonWebKeySet },
        ...ALWAYS,
      },
    },
    'POST /api/v1/auth/forgot-password': {
      summary: 'Ask for a password-reset mail',
      tag: 'auth',
      bearer: false,
      body: schemas.forgotPassword,
      responses: {
        200: { description: 'The same answer whether or not the address is registered.', schema: bodies.message },
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'POST /api/v1/auth/reset-password': {
      summary: 'Set a new password with the mailed token',
      tag: 'auth',
      bearer: false,
      body: schemas.resetPassword,
      responses: {
        200: { description: 'The password is changed and every session ended.', schema: bodies.message },
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'POST /api/v1/auth/logout': {
      summary: 'End a session',
      tag: 'auth',
      bearer: false,
      body: schemas.refreshToken.meta({ description: COOKIE_BODY }),
      bodyOptional: true,
      cookieMode: { 204: CLEARS_SESSION, 401: CLEARS_REFUSED },
      responses: {
        204: { description: 'That refresh token and its rotation family are revoked.' },
        401: E('Refresh token invalid; in cookie mode, no session cookie (`SESSION_COOKIE_MISSING`), and the cookie is cleared.'),
        403: E('Cookie mode: a browser request from an origin the app does not trust (`CSRF_REJECTED`).'),
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'POST /api/v1/auth/logout-all': {
      summary: 'End every session of the user',
      tag: 'auth',
      bearer: true,
      cookieMode: { 204: CLEARS_SESSION },
      responses: { 204: { description: 'Every refresh token of the user is revoked.' }, ...BEARER, ...JSON_BODY, ...ALWAYS },
    },
    'GET /api/v1/users/me': {
      summary: 'The signed-in user',
      tag: 'users',
      bearer: true,
      responses: {
        200: { description: 'The full user without secrets.', schema: bodies.userProfile },
        ...BEARER,
        404: E('The user no longer exists.'),
        ...ALWAYS,
      },
    },
    'GET /api/v1/users': {
      summary: 'List users',
      tag: 'users',
      bearer: true,
      roles: ADMINS,
      query: schemas.listUsers,
      responses: {
        200: { description: 'A page of users, oldest first.', schema: bodies.userList },
        400: E('Bad `limit`, `offset` or `role`.'),
        ...BEARER,
        ...ADMIN,
        ...ALWAYS,
      },
    },
    'GET /api/v1/users/:id': {
      summary: 'One user',
      tag: 'users',
      bearer: true,
      roles: ADMINS,
      responses: {
        200: { description: 'The user without secrets.', schema: bodies.userProfile },
        404: E('No user has this id.'),
        ...BEARER,
        ...ADMIN,
        ...ALWAYS,
      },
    },
    'PUT /api/v1/users/:id/roles': {
      summary: "Replace a user's roles",
      tag: 'users',
      bearer: true,
      roles: ADMINS,
      body: schemas.setRoles,
      responses: {
        200: { description: 'The updated user; the roles reach tokens at the next refresh.', schema: bodies.rolesUpdated },
        404: E('No user has this id.'),
        409: E('The change would leave no super user.'),
        ...JSON_BODY,
        ...BEARER,
        ...ADMIN,
        ...ALWAYS,
      },
    },
    'GET /api/v1/users/me/identities': {
      summary: "The signed-in user's linked sign-in providers",
      tag: 'users',
      bearer: true,
      responses: { 200: { description: 'Every linked identity, oldest first.', schema: bodies.identityList }, ...BEARER, ...ALWAYS },
    },
    'DELETE /api/v1/users/me/identities/:provider': {
      summary: 'Unlink a sign-in provider',
      tag: 'users',
      bearer: true,
      responses: {
        204: { description: 'The identity is unlinked.' },
        404: E('No account of this provider is linked to this user (`IDENTITY_NOT_FOUND`).'),
        409: E('It is the last way to sign in to the account.'),
        ...BEARER,
        ...ALWAYS,
      },
    },
    'PUT /api/v1/users/me/email': {
      summary: 'Add or change the e-mail address',
      tag: 'users',
      bearer: true,
      responses: {
        202: {
          description:
            'A confirmation link went to the address (set when the link is followed) and a notice to the old one; with `concealRegisteredEmails` also the answer for a taken address.',
          schema: bodies.message,
        },
        409: E('Another account has this address (unless addresses are concealed).'),
        ...JSON_BODY,
        ...BEARER,
        403: E('`REAUTHENTICATION_REQUIRED`: the last authentication is older than `REAUTH_MAX_AGE`; or the account is disabled.'),
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'DELETE /api/v1/users/:id/sessions': {
      summary: 'End every session of a user',
      tag: 'users',
      bearer: true,
      roles: ADMINS,
      responses: {
        204: { description: 'Every refresh token of the user is revoked.' },
        404: E('No user has this id.'),
        ...BEARER,
        ...ADMIN,
        ...ALWAYS,
      },
    },
    ...MFA_OPERATIONS,
    ...PASSKEY_OPERATIONS,
  } satisfies Record<string, Operation>);
}

/** The operations as documented for the spec's four roles; `operationsFor(auth.requestSchemas)` for an app's. */
export const OPERATIONS: Readonly<Record<string, Operation>> = operationsFor(REQUEST_SCHEMAS);

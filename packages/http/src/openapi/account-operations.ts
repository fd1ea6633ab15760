import { ACCOUNT_REQUEST_SCHEMAS } from '@gatehousejs/core/internal';
import { z } from 'zod';
import type { DocumentedResponse, Operation } from './operations.js';
import * as bodies from './response-schemas.js';
import { E, ALWAYS, JSON_BODY } from './common-responses.js';
import { CLEARS_SESSION } from './cookie-mode.js';

const BEARER_401 = { 401: E('Missing, malformed, tampered, expired or revoked access token; or a wrong password.') };
const RATE_LIMITED = { 429: E('Rate limit hit (a wrong password counts like a failed login); `Retry-After` is set.') };

const schemas = ACCOUNT_REQUEST_SCHEMAS;

// What the flow takes (packages/core/src/flows/reauthenticate.ts, confirm-second-factor.ts): the
// password, or a second factor of the account; a body with `password` is always taken as a password.
const reauthenticateBody = z.union([
  schemas.confirmPassword,
  z.object({ code: z.string().meta({ description: 'Six digits from the authenticator app.' }) }),
  z.object({
    challengeId: z.string().meta({ description: 'From `POST /api/v1/auth/passkey/options`.' }),
    response: z.record(z.string(), z.unknown()).meta({ description: 'The assertion from navigator.credentials.get(), as JSON.' }),
  }),
]);

/** The operations of the account-security routes (CONTRACT §9), spread into `operationsFor`. */
export function accountOperations(): Readonly<Record<string, Operation>> {
  return Object.freeze({
    'POST /api/v1/auth/reauthenticate': {
      summary: 'Confirm the password or a second factor again for a fresh auth_time',
      tag: 'auth',
      bearer: true,
      body: reauthenticateBody,
      responses: {
        200: {
          description: 'A new access token of the same session with a fresh `auth_time`; `amr` is `pwd`, `otp`, `hwk` or `swk`.',
          schema: bodies.accessTokenOnly,
        },
        401: E(
          'Missing, malformed, tampered, expired or revoked access token; a wrong password (`INVALID_CREDENTIALS`); a wrong or reused code (`MFA_CODE_INVALID`) or a rejected passkey (`PASSKEY_REJECTED`).',
        ),
        403: E('The account is disabled, or the e-mail not confirmed while required.'),
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'PUT /api/v1/users/me/password': {
      summary: 'Change the password',
      tag: 'users',
      bearer: true,
      body: schemas.changePassword,
      responses: {
        200: { description: 'Changed; every other session ended; a notice mail went out.', schema: bodies.message },
        ...BEARER_401,
        403: E('The account is disabled, or the e-mail not confirmed while required.'),
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'GET /api/v1/users/me/sessions': {
      summary: "The signed-in user's sessions",
      tag: 'users',
      bearer: true,
      responses: {
        200: { description: 'Live sessions, most recently used first; `ipAddress` masked.', schema: bodies.sessionList },
        ...BEARER_401,
        ...ALWAYS,
      },
    },
    'DELETE /api/v1/users/me/sessions/:id': {
      summary: 'End one of my sessions',
      tag: 'users',
      bearer: true,
      responses: {
        204: { description: 'That session is ended.' },
        404: E('No live session of the caller has this id.'),
        ...BEARER_401,
        ...ALWAYS,
      },
    },
    'DELETE /api/v1/users/me/sessions': {
      summary: 'End every other session',
      tag: 'users',
      bearer: true,
      responses: { 204: { description: "Every session but the caller's is ended." }, ...BEARER_401, ...ALWAYS },
    },
    'DELETE /api/v1/users/me': {
      summary: 'Delete my account',
      tag: 'users',
      bearer: true,
      body: schemas.confirmPassword,
      cookieMode: { 204: CLEARS_SESSION },
      responses: {
        204: { description: 'The account, its identities, sessions, factors and one-time tokens are gone.' },
        ...BEARER_401,
        403: E('`REAUTHENTICATION_REQUIRED`: the last authentication is older than `REAUTH_MAX_AGE`.'),
        ...JSON_BODY,
        ...RATE_LIMITED,
        ...ALWAYS,
      },
    },
    'PUT /api/v1/users/:id/status': {
      summary: 'Disable or enable an account',
      tag: 'users',
      bearer: true,
      roles: ['admin', 'super'],
      body: schemas.accountStatus,
      responses: {
        200: { description: 'The updated user (`disabledAt`).', schema: bodies.rolesUpdated },
        404: E('No user has this id.'),
        ...BEARER_401,
        403: E('Not an administrator, or only a super may act on a super or an admin.'),
        ...JSON_BODY,
        ...ALWAYS,
      },
    },
  } satisfies Record<string, Operation>);
}

import type { Operation } from './operations.js';
import { errorBody } from './response-schemas.js';
import { mfaStatus, mfaVerifyBody, mfaVerifyResult, recoveryCodes, totpCodeBody, totpEnrollment } from './mfa-schemas.js';
import { E, ALWAYS, JSON_BODY, RECENT } from './common-responses.js';
import { SETS_SESSION } from './cookie-mode.js';

const BEARER = { 401: E('Missing, malformed, tampered or expired access token.') };

/** The second-factor operations of CONTRACT §9 (docs/mfa.md), spread into `operationsFor`. */
export const MFA_OPERATIONS: Readonly<Record<string, Operation>> = Object.freeze({
  'POST /api/v1/auth/mfa/verify': {
    summary: "Answer a sign-in's second-factor challenge",
    tag: 'auth',
    bearer: false,
    body: mfaVerifyBody,
    cookieMode: { 200: SETS_SESSION },
    responses: {
      200: { description: 'Signed in: the login shape; `amr` holds the methods of both steps and `mfa`.', schema: mfaVerifyResult },
      401: E(
        'Wrong, expired or reused code or passkey (`MFA_CODE_INVALID`, `PASSKEY_REJECTED`), or an unknown, used or expired mfaToken (`MFA_TOKEN_INVALID`).',
      ),
      ...JSON_BODY,
      429: E('Too many wrong answers for this account; `Retry-After` is set.'),
      ...ALWAYS,
    },
  },
  'GET /api/v1/users/me/mfa': {
    summary: 'The second factors of the signed-in user',
    tag: 'users',
    bearer: true,
    responses: {
      200: { description: 'Whether an authenticator app is on, how many passkeys and recovery codes are left.', schema: mfaStatus },
      ...BEARER,
      403: E('E-mail not confirmed while required.'),
      ...ALWAYS,
    },
  },
  'POST /api/v1/users/me/mfa/totp': {
    summary: 'Start setting up an authenticator app',
    tag: 'users',
    bearer: true,
    responses: {
      200: { description: 'The secret, its otpauth URI and a QR code; pending until confirmed.', schema: totpEnrollment },
      409: E('An authenticator app is already on.'),
      ...BEARER,
      403: RECENT,
      ...ALWAYS,
    },
  },
  'POST /api/v1/users/me/mfa/totp/confirm': {
    summary: 'Confirm the authenticator app with a code from it',
    tag: 'users',
    bearer: true,
    body: totpCodeBody,
    responses: {
      200: { description: 'The app is on; ten recovery codes, shown once.', schema: recoveryCodes },
      409: E('No set-up is waiting for a code.'),
      429: E('Too many wrong codes; `Retry-After` is set.'),
      ...JSON_BODY,
      401: E('Missing or invalid access token, or a wrong or reused code (`MFA_CODE_INVALID`).'),
      403: E('E-mail not confirmed while required.'),
      ...ALWAYS,
    },
  },
  'DELETE /api/v1/users/me/mfa/totp': {
    summary: 'Remove the authenticator app',
    tag: 'users',
    bearer: true,
    responses: {
      204: { description: 'Removed; recovery codes go too when no passkey is left.' },
      404: E('No authenticator app is set up.'),
      ...BEARER,
      403: RECENT,
      ...ALWAYS,
    },
  },
  'POST /api/v1/users/me/mfa/recovery-codes': {
    summary: 'Replace the recovery codes',
    tag: 'users',
    bearer: true,
    responses: {
      200: { description: 'Ten new codes, shown once; the old ones stop working.', schema: recoveryCodes },
      409: E('The account has no second factor.'),
      ...BEARER,
      403: RECENT,
      ...ALWAYS,
    },
  },
  'DELETE /api/v1/users/:id/mfa': {
    summary: "Reset a user's second factors",
    tag: 'users',
    bearer: true,
    roles: ['admin', 'super'],
    responses: {
      204: { description: 'The authenticator app, every passkey and the recovery codes are removed (audited as `mfa.reset`).' },
      404: E('No user has this id.'),
      ...BEARER,
      403: E('The caller holds none of the required roles, or lacks `mfa` under `ADMIN_REQUIRE_MFA`.'),
      ...ALWAYS,
    },
  },
} satisfies Record<string, Operation>);

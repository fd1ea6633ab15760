import { z } from 'zod';
import type { Operation } from './operations.js';
import { API_SCHEMAS, errorBody, loginResult } from './response-schemas.js';
import { E, ALWAYS, JSON_BODY, RECENT } from './common-responses.js';
import { SETS_SESSION } from './cookie-mode.js';

function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  API_SCHEMAS.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

const passkey = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }).strict();
export const passkeyBody = named('Passkey', z.object({ passkey }).strict(), 'One passkey: never its credential id or public key.');
export const passkeyList = named('PasskeyList', z.object({ passkeys: z.array(passkey) }).strict(), 'The passkeys, oldest first.');
// WebAuthn's own JSON (Level 3 §5.4, §5.5): documented as objects, its fields are the browser's business.
export const creationOptions = named(
  'PublicKeyCredentialCreationOptionsJSON',
  z.looseObject({
    challenge: z.string(),
    rp: z.looseObject({ name: z.string() }),
    user: z.looseObject({ id: z.string(), name: z.string() }),
  }),
  'Pass to navigator.credentials.create() (after PublicKeyCredential.parseCreationOptionsFromJSON).',
);
export const passkeyLoginOptions = named(
  'PasskeyLoginOptions',
  z.object({ challengeId: z.string(), options: z.looseObject({ challenge: z.string() }) }).strict(),
  'Request options for navigator.credentials.get(), and the id to send back with its answer (5 minutes, single use).',
);

const BEARER = { 401: E('Missing, malformed, tampered or expired access token.') };
const response = z.object({ response: z.looseObject({}), name: z.string().optional() });

/** The passkey operations of CONTRACT §9 (docs/passkeys.md), spread into `operationsFor`. */
export const PASSKEY_OPERATIONS: Readonly<Record<string, Operation>> = Object.freeze({
  'POST /api/v1/users/me/passkeys/options': {
    summary: 'Creation options for a new passkey',
    tag: 'users',
    bearer: true,
    responses: {
      200: { description: 'WebAuthn creation options; the challenge is single use for 5 minutes.', schema: creationOptions },
      ...BEARER,
      403: RECENT,
      ...ALWAYS,
    },
  },
  'POST /api/v1/users/me/passkeys': {
    summary: 'Register a passkey',
    tag: 'users',
    bearer: true,
    body: response,
    responses: {
      201: { description: 'The passkey is stored.', schema: passkeyBody },
      409: E('This credential is already registered.'),
      ...JSON_BODY,
      400: E('Malformed body, or a response that failed verification (origin, RP ID, challenge): `PASSKEY_REGISTRATION_FAILED`.'),
      ...BEARER,
      403: E('E-mail not confirmed while required.'),
      ...ALWAYS,
    },
  },
  'GET /api/v1/users/me/passkeys': {
    summary: "The signed-in user's passkeys",
    tag: 'users',
    bearer: true,
    responses: {
      200: { description: 'Every passkey, oldest first.', schema: passkeyList },
      ...BEARER,
      403: E('E-mail not confirmed while required.'),
      ...ALWAYS,
    },
  },
  'PUT /api/v1/users/me/passkeys/:id': {
    summary: 'Rename a passkey',
    tag: 'users',
    bearer: true,
    body: z.object({ name: z.string() }),
    responses: {
      200: { description: 'The renamed passkey.', schema: passkeyBody },
      404: E('No passkey of the caller has this id.'),
      ...JSON_BODY,
      ...BEARER,
      403: E('E-mail not confirmed while required.'),
      ...ALWAYS,
    },
  },
  'DELETE /api/v1/users/me/passkeys/:id': {
    summary: 'Delete a passkey',
    tag: 'users',
    bearer: true,
    responses: {
      204: { description: 'Deleted.' },
      404: E('No passkey of the caller has this id.'),
      409: E('It is the last way to sign in to the account.'),
      ...BEARER,
      403: RECENT,
      ...ALWAYS,
    },
  },
  'POST /api/v1/auth/passkey/options': {
    summary: 'Request options for a passkey sign-in',
    tag: 'auth',
    bearer: false,
    body: z.object({ email: z.string().optional() }),
    responses: {
      200: { description: 'The options and their challengeId.', schema: passkeyLoginOptions },
      ...JSON_BODY,
      429: E('Rate limit hit; `Retry-After` is set.'),
      ...ALWAYS,
    },
  },
  'POST /api/v1/auth/passkey/login': {
    summary: 'Sign in with a passkey',
    tag: 'auth',
    bearer: false,
    body: z.object({ challengeId: z.string(), response: z.looseObject({}) }),
    cookieMode: { 200: SETS_SESSION },
    responses: {
      200: { description: 'Signed in; `amr` is `hwk` or `swk` with `mfa`.', schema: loginResult },
      401: E('The assertion failed (origin, RP ID, signature, counter, challenge) or the user was not verified: `PASSKEY_REJECTED`.'),
      403: E('E-mail not confirmed while the deployment requires it.'),
      ...JSON_BODY,
      429: E('Rate limit hit; `Retry-After` is set.'),
      ...ALWAYS,
    },
  },
} satisfies Record<string, Operation>);

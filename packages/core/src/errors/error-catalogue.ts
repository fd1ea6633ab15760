/**
 * One entry of the error catalogue: the HTTP status an adapter answers with, the sentence a client
 * sees (safe to show: never a token, a password or a full e-mail address), and for a dependency that
 * is unavailable, which one it is and when trying again makes sense.
 */
export interface ErrorCatalogueEntry {
  readonly status: number;
  readonly message: string;
  /** Sent as `Retry-After` (whole seconds) unless the error carries its own. */
  readonly retryAfterSeconds?: number;
  /** A dependency that is unavailable: answered 503 and logged as one line naming it, without a stack. */
  readonly dependency?: 'database' | 'rate-limit store' | 'password hasher' | 'mail server' | 'key set' | 'sign-in provider';
}

const UNAVAILABLE = 'A service this request needs is unavailable. Please try again shortly.';

/**
 * Every error Gatehouse raises, in one place: code → status → default message (as jose's
 * `util/errors.ts` and Fastify's `lib/errors.js` keep theirs). Core, the stores, the adapters, the
 * mailer and the hasher all throw `AuthError` with one of these codes; the sentence and the status of
 * a code are decided here and nowhere else. A 500's message only ever reaches the server log.
 */
export const ERROR_CATALOGUE = Object.freeze({
  // Input
  VALIDATION_FAILED: { status: 400, message: 'The request is invalid.' },
  PASSWORD_MISMATCH: { status: 400, message: 'Password and confirmPassword do not match.' },
  ONE_TIME_TOKEN_INVALID: { status: 400, message: 'The link is invalid, was already used or has expired.' },
  // Credentials and tokens
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail or password.' },
  TOKEN_MISSING: { status: 401, message: 'An access token is required (Authorization: Bearer <token>).' },
  TOKEN_INVALID: { status: 401, message: 'The token is invalid.' },
  AUTHORIZATION_MALFORMED: { status: 401, message: 'The Authorization header must be "Bearer <token>".' },
  TOKEN_EXPIRED: { status: 401, message: 'The token has expired.' },
  REFRESH_TOKEN_REUSED: { status: 401, message: 'The refresh token has already been used or was revoked.' },
  SESSION_COOKIE_MISSING: { status: 401, message: 'There is no session cookie. Please log in.' },
  // Permissions
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please confirm your e-mail address first.' },
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    message: 'Please confirm your password again (POST /auth/reauthenticate), then retry.',
  },
  ACCOUNT_DISABLED: { status: 403, message: 'This account is disabled. Please contact an administrator.' },
  INSUFFICIENT_ROLE: { status: 403, message: 'You do not have a role that allows this.' },
  CSRF_REJECTED: { status: 403, message: 'This request did not come from an origin the app trusts.' },
  ROLE_GRANT_FORBIDDEN: { status: 403, message: 'Only a super administrator may grant or change the super and admin roles.' },
  LAST_SUPER: { status: 409, message: 'This is the last super administrator: grant super to someone else first.' },
  // Resources
  USER_NOT_FOUND: { status: 404, message: 'No user has this id.' },
  SESSION_NOT_FOUND: { status: 404, message: 'You have no active session with this id.' },
  PROVIDER_NOT_FOUND: { status: 404, message: 'This sign-in provider is not available.' },
  IDENTITY_NOT_FOUND: { status: 404, message: 'No account of this provider is linked to this user.' },
  /**
   * `getProviderAccessToken`: the provider refused the stored refresh token (`invalid_grant`: revoked,
   * expired, the user removed the app), or there is none to use. Only a new sign-in with the provider helps.
   */
  PROVIDER_SIGN_IN_REQUIRED: {
    status: 403,
    message: 'Access to this provider has ended. Please sign in with it again.',
  },
  IDENTITY_IN_USE: { status: 409, message: 'This account at the provider is already linked to a user.' },
  LAST_SIGN_IN_METHOD: { status: 409, message: 'This is the last way to sign in to this account; add another one first.' },
  EMAIL_TAKEN: { status: 409, message: 'This e-mail address is already registered.' },
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken.' },
  // Second factors and passkeys (docs/mfa.md, docs/passkeys.md)
  MFA_REQUIRED: { status: 403, message: 'This needs a sign-in with a second factor.' },
  MFA_CODE_INVALID: { status: 401, message: 'The code is wrong, has expired or was already used.' },
  MFA_TOKEN_INVALID: { status: 401, message: 'The sign-in has expired or was already completed. Please sign in again.' },
  MFA_NOT_ENABLED: { status: 409, message: 'This account has no second factor.' },
  TOTP_ALREADY_ENABLED: { status: 409, message: 'An authenticator app is already set up; remove it first.' },
  TOTP_NOT_PENDING: { status: 409, message: 'No authenticator app set-up is waiting for a code; start again.' },
  TOTP_NOT_FOUND: { status: 404, message: 'No authenticator app is set up for this account.' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'No passkey of this account has this id.' },
  PASSKEY_IN_USE: { status: 409, message: 'This passkey is already registered.' },
  PASSKEY_REGISTRATION_FAILED: { status: 400, message: 'The passkey could not be registered. Please try again.' },
  PASSKEY_REJECTED: { status: 401, message: 'The passkey could not be verified.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait before trying again.' },
  // The HTTP layer (any adapter)
  ROUTE_NOT_FOUND: { status: 404, message: 'No route matches this request.' },
  PATH_MALFORMED: { status: 400, message: 'The request path is not validly percent-encoded.' },
  /** `GET *`, a backslash in the path: not a path a route could name (RFC 9112 §3.2). */
  REQUEST_TARGET_INVALID: { status: 400, message: 'The request target must be a path such as /api/v1/health.' },
  BODY_MALFORMED: { status: 400, message: 'The request body is not valid JSON.' },
  BODY_UNREADABLE: { status: 400, message: 'The request body could not be read.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  BODY_COMPRESSED: { status: 415, message: 'Compressed request bodies are not supported (Content-Encoding).' },
  BODY_NOT_JSON: { status: 415, message: 'The request body must be JSON (Content-Type: application/json).' },
  BODY_NOT_UTF8: { status: 415, message: 'The request body must be UTF-8 encoded JSON.' },
  /** A form_post callback (Sign in with Apple) whose body is not a form. */
  BODY_NOT_FORM: { status: 415, message: 'The request body must be a form (Content-Type: application/x-www-form-urlencoded).' },
  /** A framework's own 4xx (Express's body-parser, Hono's `HTTPException`): its status is kept. */
  REQUEST_REFUSED: { status: 400, message: 'The request could not be processed.' },
  // Dependencies: 503 with Retry-After, one log line naming the dependency
  SERVICE_BUSY: {
    status: 503,
    message: 'The server is busy. Please try again shortly.',
    retryAfterSeconds: 1,
    dependency: 'password hasher',
  },
  HASHER_UNAVAILABLE: { status: 503, message: UNAVAILABLE, retryAfterSeconds: 5, dependency: 'password hasher' },
  DATABASE_UNAVAILABLE: { status: 503, message: UNAVAILABLE, retryAfterSeconds: 5, dependency: 'database' },
  RATE_LIMITER_UNAVAILABLE: { status: 503, message: UNAVAILABLE, retryAfterSeconds: 5, dependency: 'rate-limit store' },
  MAIL_DELIVERY_FAILED: { status: 503, message: UNAVAILABLE, retryAfterSeconds: 60, dependency: 'mail server' },
  /** A resource service's JWKS guard could not fetch the issuer's key set for a key it has not cached. */
  KEYS_UNAVAILABLE: { status: 503, message: UNAVAILABLE, retryAfterSeconds: 5, dependency: 'key set' },
  /** A social sign-in provider's discovery or endpoints did not answer; the log names the provider. */
  PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'The sign-in provider cannot be reached. Please try again shortly.',
    retryAfterSeconds: 30,
    dependency: 'sign-in provider',
  },
  // Bugs and set-up: the message goes to the log only
  INVALID_CONFIG: { status: 500, message: 'The configuration is invalid.' },
  MIGRATION_FAILED: { status: 500, message: 'A database migration failed.' },
  INTERNAL_ERROR: { status: 500, message: 'An unexpected error occurred.' },
} as const satisfies Record<string, ErrorCatalogueEntry>);

/**
 * Every failure that Gatehouse reports. The union is closed on purpose and comes from the catalogue,
 * so a code cannot exist without its status and its sentence.
 */
export type AuthErrorCode = keyof typeof ERROR_CATALOGUE;

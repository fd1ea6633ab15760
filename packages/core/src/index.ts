export { createAuth } from './create-auth.js';
export type { Auth, CreateAuthOptions } from './create-auth.js';

export { parseAuthConfig } from './config/auth-config.js';
export type { AuthConfig, AuthConfigInput } from './config/auth-config.js';
export { parseDurationSeconds } from './config/parse-duration.js';

export { AuthError, isAuthError } from './errors/auth-error.js';
export type { AuthErrorCode, ValidationIssue } from './errors/auth-error.js';

export { ROLES, isRole, anyOf, allOf, satisfiesRoles, PRIVILEGED_ROLES } from './roles/roles.js';
export type { Role, RoleRequirement } from './roles/roles.js';

export { createTokenService } from './tokens/token-service.js';
export type { TokenService, TokenServiceOptions, SignedToken } from './tokens/token-service.js';
export { ACCESS_TOKEN_TYPE, REFRESH_TOKEN_TYPE } from './tokens/token-claims.js';
export type { AccessTokenPayload, RefreshTokenPayload, TokenPair } from './tokens/token-claims.js';

export { createArgon2idHasher, readArgon2idParameters } from './hashing/argon2id-hasher.js';
export type { Argon2idParameters } from './hashing/argon2id-hasher.js';

export { hashOneTimeToken } from './one-time/one-time-token.js';
export { normalizeEmail, LIMITS } from './validation/input-schemas.js';

export type { BackgroundFailure } from './flows/flow-context.js';
export { maskEmail } from './flows/request-context.js';
export type { RequestContext } from './flows/request-context.js';
export type { AuthEvent, AuthEventType, AuthEventListener } from './ports/auth-events.js';
export type { RateLimiter, RateLimitRule, RateLimitDecision } from './ports/rate-limiter.js';
export { createMemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
export { limitHashConcurrency } from './hashing/limit-hash-concurrency.js';
export type { HashConcurrencyLimits } from './hashing/limit-hash-concurrency.js';
export { assertPasswordAcceptable } from './validation/password-policy.js';
export type { PublicUser, UserProfile, UserSummary } from './flows/user-views.js';
export type { RegisterResult, RegisterAccepted } from './flows/register.js';
export type { LoginResult } from './flows/login.js';

export type { AuthStore, PasswordResetInput } from './ports/auth-store.js';
export type { UserStore, UserRecord, UserPage } from './ports/user-store.js';
export type { RefreshTokenStore, RefreshTokenRecord } from './ports/refresh-token-store.js';
export type { OneTimeTokenStore, OneTimeTokenRecord, OneTimeTokenPurpose } from './ports/one-time-token-store.js';
export type { Mailer, AuthMail } from './ports/mailer.js';
export type { PasswordHasher } from './ports/password-hasher.js';
export { systemClock } from './ports/clock.js';
export type { Clock } from './ports/clock.js';
export { cryptoRandom } from './ports/random.js';
export type { Random } from './ports/random.js';

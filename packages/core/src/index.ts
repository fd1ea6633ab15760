// What app code calls, and the types an app writes by hand (options built apart from the call, an
// event listener, roles and error codes). The types of what `auth` answers are not repeated here:
// they are inferred where they are used (docs/configuration.md). Port interfaces for store, mailer, hasher and limiter authors are in
// `./ports/index.ts` (`@gatehousejs/core/ports`), the social provider toolkit in `./providers.ts`
// (`@gatehousejs/core/providers`), and what only other @gatehousejs packages read in
// `./internal.ts` (`@gatehousejs/core/internal`, not semver-stable).
export { createAuth } from './create-auth.js';
export type { Auth } from './auth.js';
export type { CreateAuthOptions } from './create-auth-options.js';

export { parseAuthConfig } from './config/auth-config.js';
export type { AuthConfig, AuthConfigInput } from './config/auth-config.js';

export { AuthError, isAuthError, isUnavailable } from './errors/auth-error.js';
export type { AuthErrorCode, ValidationIssue } from './errors/auth-error.js';
export { ERROR_CATALOGUE } from './errors/error-catalogue.js';

export { ROLES, anyOf, allOf } from './roles/roles.js';
export type { Role, SpecRole, Register, RoleRequirement } from './roles/roles.js';
export { createRolePolicy } from './roles/role-policy.js';
export type { RolePolicy, RoleHierarchy } from './roles/role-policy.js';

export type { AccessTokenPayload } from './tokens/token-claims.js';
export { createAccessTokenVerifier } from './tokens/access-token-verifier.js';
export type { AccessTokenVerifier, AccessTokenVerifierOptions } from './tokens/access-token-verifier.js';
export type { KeyLookup } from './tokens/jws.js';
export { SIGNING_ALGORITHMS } from './keys/signing-algorithm.js';
export type { SigningAlgorithm } from './keys/signing-algorithm.js';
export { generateSigningKey } from './keys/generate-signing-key.js';
export { publicKeySet } from './keys/public-key-set.js';

export { createArgon2idHasher } from './hashing/argon2id-hasher.js';
export type { Argon2idParameters } from './hashing/argon2id-phc.js';

export { normalizeEmail } from './validation/input-schemas.js';

export type { BackgroundFailure } from './flow-kit/flow-context.js';
export { maskEmail } from './flow-kit/request-context.js';
export type { RequestContext } from './flow-kit/request-context.js';
export type { AuthEvent } from './ports/auth-events.js';
export { createMemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
export { assertPasswordAcceptable } from './validation/password-policy.js';
// Also in `./ports`: an app passes its own breached-password source straight to createAuth (docs/passwords.md).
export type { BreachedPasswordRanges } from './ports/breached-passwords.js';
export type { PublicUser, UserProfile, UserSummary } from './flow-kit/user-views.js';
export type { RegisterAccepted } from './flows/register.js';
export type { LoginResult } from './flows/login.js';

export { parseMfaConfig } from './mfa/mfa-config.js';
export { assertMultiFactor } from './mfa/assert-multi-factor.js';
export { resetSecondFactors } from './mfa/reset-second-factors.js';
export type { MfaConfigInput } from './mfa/mfa-config.js';

export type { ProviderId } from './social/provider-definition.js';
export { parseSocialConfig } from './social/social-config.js';
export type { SocialConfigInput } from './social/social-config.js';
export type { ExchangeResult } from './social/social-flows.js';
export type { ProviderSummary } from './social/provider-registry.js';
export type { IdentityView } from './social/identity-flows.js';

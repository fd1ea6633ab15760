// What app code calls. Port interfaces for store, mailer, hasher and limiter authors are in
// `./ports/index.ts` (`@gatehousejs/core/ports`), the social provider toolkit in `./providers.ts`
// (`@gatehousejs/core/providers`), and what only other @gatehousejs packages read in
// `./internal.ts` (`@gatehousejs/core/internal`, not semver-stable).
export { createAuth } from './create-auth.js';
export type { Auth, CreateAuthOptions } from './create-auth.js';

export { parseAuthConfig } from './config/auth-config.js';
export type { AuthConfig, AuthConfigInput } from './config/auth-config.js';

export { AuthError, isAuthError, isUnavailable } from './errors/auth-error.js';
export type { AuthErrorCode, AuthErrorOptions, ValidationIssue } from './errors/auth-error.js';
export { ERROR_CATALOGUE } from './errors/error-catalogue.js';
export type { ErrorCatalogueEntry } from './errors/error-catalogue.js';

export { ROLES, anyOf, allOf } from './roles/roles.js';
export type { Role, SpecRole, Register, RoleRequirement } from './roles/roles.js';
export { createRolePolicy } from './roles/role-policy.js';
export type { RolePolicy, RoleOptions, GrantPolicy, RoleHierarchy } from './roles/role-policy.js';

export type { AccessTokenPayload, TokenPair } from './tokens/token-claims.js';
export type { AccessTokenOptions } from './flows/verify-access-token.js';
export type { SessionView } from './flows/account-sessions.js';
export type { AuthenticationMethod, SessionAuthentication } from './tokens/authentication-methods.js';
export { createAccessTokenVerifier } from './tokens/access-token-verifier.js';
export type { AccessTokenVerifier, AccessTokenVerifierOptions } from './tokens/access-token-verifier.js';
export type { KeyLookup, TokenHeader } from './tokens/jws.js';
export { SIGNING_ALGORITHMS } from './keys/signing-algorithm.js';
export type { SigningAlgorithm } from './keys/signing-algorithm.js';
export type { JsonWebKeySet, PublicJwk } from './keys/public-jwk.js';
export type { KeyInput } from './keys/key-input.js';
export { generateSigningKey } from './keys/generate-signing-key.js';
export type { GeneratedSigningKey } from './keys/generate-signing-key.js';
export { publicKeySet } from './keys/public-key-set.js';
export type { KeySetSettings } from './keys/public-key-set.js';

export { createArgon2idHasher } from './hashing/argon2id-hasher.js';
export type { Argon2idParameters } from './hashing/argon2id-phc.js';

export { normalizeEmail } from './validation/input-schemas.js';

export type { BackgroundFailure } from './flow-kit/flow-context.js';
export type { Actor } from './flow-kit/administrator.js';
export type { SuperUserSettings } from './flows/bootstrap-super-user.js';
export type { PruneResult } from './flows/prune-ended-records.js';
export { maskEmail } from './flow-kit/request-context.js';
export type { RequestContext } from './flow-kit/request-context.js';
export type { AuthEvent, AuthEventType, AuthEventListener } from './ports/auth-events.js';
export { createMemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
export type { PasswordPolicy, PasswordPolicyInput, PasswordScreening } from './validation/password-policy.js';
export { assertPasswordAcceptable } from './validation/password-policy.js';
// Also in `./ports`: an app passes its own breached-password source straight to createAuth (docs/passwords.md).
export type { BreachedPasswordRanges } from './ports/breached-passwords.js';
export type { PublicUser, UserProfile, UserSummary } from './flow-kit/user-views.js';
export type { UserList } from './flows/manage-users.js';
export type { RegisterResult, RegisterAccepted } from './flows/register.js';
export type { LoginResult } from './flows/login.js';

export { parseMfaConfig } from './mfa/mfa-config.js';
export { assertMultiFactor } from './mfa/assert-multi-factor.js';
export { resetSecondFactors } from './mfa/reset-second-factors.js';
export type { SecondFactorReset } from './mfa/reset-second-factors.js';
export type { MfaConfig, MfaConfigInput } from './mfa/mfa-config.js';
export type { SecondFactors } from './mfa/create-mfa.js';
export type { MfaStatus } from './mfa/second-factor-status.js';
export type { MfaChallenge, MfaMethod, MfaVerifyResult } from './mfa/login-challenge.js';
export type { TotpEnrollment } from './mfa/totp-enrollment.js';
export type { Passkeys } from './passkeys/create-passkeys.js';
export type { PasskeyView } from './passkeys/passkey-views.js';
export type { ReadinessReport, ReadinessOptions, DependencyState } from './operations/readiness-check.js';

export type { ProviderId, BuiltInProviderId } from './social/provider-definition.js';
export { parseSocialConfig } from './social/social-config.js';
export type { SocialConfig, SocialConfigInput } from './social/social-config.js';
export type { SocialSignIn } from './social/social-sign-in.js';
export type { ProviderAccessToken } from './social/provider-access-token.js';
export type { SocialStart, ExchangeResult, CallbackOutcome } from './social/social-flows.js';
export type { ProviderSummary } from './social/provider-registry.js';
export type { IdentityView } from './social/identity-flows.js';

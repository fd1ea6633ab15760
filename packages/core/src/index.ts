export { createAuth } from './create-auth.js';
export type { Auth, CreateAuthOptions } from './create-auth.js';

export { parseAuthConfig } from './config/auth-config.js';
export type { AuthConfig, AuthConfigInput } from './config/auth-config.js';

export { AuthError, isAuthError, isUnavailable } from './errors/auth-error.js';
export type { AuthErrorCode, AuthErrorOptions, ValidationIssue } from './errors/auth-error.js';
export { ERROR_CATALOGUE } from './errors/error-catalogue.js';
export type { ErrorCatalogueEntry } from './errors/error-catalogue.js';

export { ROLES, isRole, anyOf, allOf } from './roles/roles.js';
export type { Role, SpecRole, Register, RoleRequirement } from './roles/roles.js';
export { createRolePolicy } from './roles/role-policy.js';
export type { RolePolicy, RoleOptions, GrantPolicy, RoleHierarchy } from './roles/role-policy.js';

export type { AccessTokenPayload, TokenPair } from './tokens/token-claims.js';
export type { AccessTokenOptions } from './flows/verify-access-token.js';
export { assertRecentAuthentication } from './flow-kit/assert-recent-authentication.js';
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
export { createArgon2idHasherFromEngine } from './hashing/argon2id-engine.js';
export type { Argon2idEngine } from './hashing/argon2id-engine.js';
export type { Argon2idParameters } from './hashing/argon2id-phc.js';
export { DEFAULT_ARGON2ID_PARAMETERS } from './hashing/argon2id-phc.js';

export { normalizeEmail } from './validation/input-schemas.js';
export { REQUEST_SCHEMAS } from './validation/request-schemas.js';
export { ACCOUNT_REQUEST_SCHEMAS } from './validation/account-inputs.js';
export type { RequestSchemas } from './validation/request-schemas.js';

export type { BackgroundFailure } from './flow-kit/flow-context.js';
export type { Actor } from './flow-kit/administrator.js';
export type { SuperUserSettings } from './flows/bootstrap-super-user.js';
export type { PruneResult } from './flows/prune-ended-records.js';
export { maskEmail } from './flow-kit/request-context.js';
export type { RequestContext } from './flow-kit/request-context.js';
export type { AuthEvent, AuthEventType, AuthEventListener } from './ports/auth-events.js';
export type { RateLimiter, RateLimitRule, RateLimitDecision } from './ports/rate-limiter.js';
export { createMemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
export type { PasswordPolicy, PasswordPolicyInput, PasswordScreening } from './validation/password-policy.js';
export { assertPasswordAcceptable } from './validation/password-policy.js';
export type { BreachedPasswordRanges } from './ports/breached-passwords.js';
export type { PublicUser, UserProfile, UserSummary } from './flow-kit/user-views.js';
export type { UserList } from './flows/manage-users.js';
export type { RegisterResult, RegisterAccepted } from './flows/register.js';
export type { LoginResult } from './flows/login.js';

export type { AuthStore, PasswordResetInput } from './ports/auth-store.js';
export type { UserStore, UserRecord, UserPage, SetUserRolesOptions } from './ports/user-store.js';
export type { RefreshTokenStore, RefreshTokenRecord } from './ports/refresh-token-store.js';
export type { OneTimeTokenStore, OneTimeTokenRecord, OneTimeTokenPurpose, OneTimeTokenOwner } from './ports/one-time-token-store.js';
export type { IdentityStore, IdentityRecord, IdentityProfile, ProviderTokenRecord, UnlinkOutcome } from './ports/identity-store.js';
export type { OAuthStateStore, OAuthStateRecord } from './ports/oauth-state-store.js';
export type { SessionStore, SessionRecord, NewSession, SessionUse } from './ports/session-store.js';
export type { AccountStore } from './ports/account-store.js';
export type { Revocation, RevocationFeed, RevocationStore } from './ports/revocation-feed.js';
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
export type { TotpFactorStore, TotpFactorRecord } from './ports/totp-factor-store.js';
export type { RecoveryCodeStore } from './ports/recovery-code-store.js';
export type { PasskeyStore, PasskeyRecord } from './ports/passkey-store.js';
export type { ChallengeStore, ChallengeRecord, ChallengePurpose } from './ports/challenge-store.js';
export type { Mailer, AuthMail, SecurityNotice, SecondFactorNoticeKind } from './ports/mailer.js';
export type { PasswordHasher } from './ports/password-hasher.js';
export type { DependencyCheck } from './ports/dependency-check.js';
export type { ReadinessReport, ReadinessOptions, DependencyState } from './operations/readiness-check.js';
export type { Clock } from './ports/clock.js';
export { cryptoRandom } from './ports/random.js';
export type { Random } from './ports/random.js';

export type {
  ProviderId,
  BuiltInProviderId,
  ProviderProfile,
  ProfileSources,
  ClientAuthentication,
  OAuthProviderDefinition,
  OidcProviderDefinition,
  OAuth2ProviderDefinition,
} from './social/provider-definition.js';
export { ProviderAnswerError, claimIsTrue, record, subjectOf, text } from './social/provider-definition.js';
export { defineOAuth2Provider, defineOidcProvider } from './social/define-provider.js';
export type { OAuth2ProviderOptions, OidcProviderOptions } from './social/define-provider.js';
export { profileFromClaims } from './social/providers/oidc-provider.js';
export { parseSocialConfig } from './social/social-config.js';
export type { SocialConfig, SocialConfigInput } from './social/social-config.js';
export type { SocialSignIn } from './social/social-sign-in.js';
export type { ProviderAccessToken } from './social/provider-access-token.js';
export type { SocialStart, ExchangeResult, CallbackOutcome } from './social/social-flows.js';
export type { ProviderSummary } from './social/provider-registry.js';
export type { IdentityView } from './social/identity-flows.js';
export { STEAM_OPENID_ENDPOINT } from './social/steam/steam-provider.js';

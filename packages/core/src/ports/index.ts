/**
 * `@gatehousejs/core/ports`: what a store, mailer, hasher, rate limiter or revocation feed
 * implements for core, with the records those ports pass. App code that only calls `createAuth`
 * needs none of it; the contract suites that prove an implementation are in
 * `@gatehousejs/core/testing`.
 *
 * @module
 */
export type { AuthStore, PasswordResetInput } from './auth-store.js';
export type { UserStore, UserRecord, UserPage, SetUserRolesOptions } from './user-store.js';
export type { RefreshTokenStore, RefreshTokenRecord } from './refresh-token-store.js';
export type { OneTimeTokenStore, OneTimeTokenRecord, OneTimeTokenPurpose, OneTimeTokenOwner } from './one-time-token-store.js';
export type { IdentityStore, IdentityRecord, IdentityProfile, ProviderTokenRecord, UnlinkOutcome } from './identity-store.js';
export type { OAuthStateStore, OAuthStateRecord } from './oauth-state-store.js';
export type { SessionStore, SessionRecord, NewSession, SessionUse } from './session-store.js';
export type { AccountStore } from './account-store.js';
export type { TotpFactorStore, TotpFactorRecord } from './totp-factor-store.js';
export type { RecoveryCodeStore } from './recovery-code-store.js';
export type { PasskeyStore, PasskeyRecord } from './passkey-store.js';
export type { ChallengeStore, ChallengeRecord, ChallengePurpose } from './challenge-store.js';
export type { DependencyCheck } from './dependency-check.js';

export type { Revocation, RevocationFeed, RevocationStore } from './revocation-feed.js';
export type { RateLimiter, RateLimitRule, RateLimitDecision } from './rate-limiter.js';
export type { BreachedPasswordRanges } from './breached-passwords.js';
export type { Mailer, AuthMail, SecurityNotice, SecondFactorNoticeKind } from './mailer.js';

export type { PasswordHasher } from './password-hasher.js';
export { createArgon2idHasherFromEngine } from '../hashing/argon2id-engine.js';
export type { Argon2idEngine } from '../hashing/argon2id-engine.js';
export { DEFAULT_ARGON2ID_PARAMETERS } from '../hashing/argon2id-phc.js';

export type { Clock } from './clock.js';
export { cryptoRandom } from './random.js';
export type { Random } from './random.js';

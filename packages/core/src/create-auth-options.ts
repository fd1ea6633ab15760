import type { AuthConfig, AuthConfigInput } from './config/auth-config.js';
import type { BackgroundFailure } from './flow-kit/flow-context.js';
import type { MfaConfigInput } from './mfa/mfa-config.js';
import type { RequestContext } from './flow-kit/request-context.js';
import type { AuthEventListener } from './ports/auth-events.js';
import type { RateLimiter } from './ports/rate-limiter.js';
import type { RevocationFeed } from './ports/revocation-feed.js';
import type { AuthStore } from './ports/auth-store.js';
import type { BreachedPasswordRanges } from './ports/breached-passwords.js';
import type { Clock } from './ports/clock.js';
import type { Mailer } from './ports/mailer.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import type { Random } from './ports/random.js';
import type { RoleOptions } from './roles/role-policy.js';
import type { SpecRole } from './roles/roles.js';
import type { ProviderId } from './social/provider-definition.js';
import type { SocialConfigInput } from './social/social-config.js';
import type { ReadinessOptions } from './operations/readiness-check.js';

export interface CreateAuthOptions<R extends string = SpecRole> {
  /**
   * The role set (must include `super`); default the spec's four. Write it `as const` so the types
   * of `auth` (guards, `verifyAccessToken`, profiles) know the roles.
   *
   * @example
   * roles: ['super', 'admin', 'manager', 'user', 'editor'] as const
   */
  roles?: RoleOptions<R>['roles'];
  /** Who may grant which role; default CONTRACT §7 (see `GrantPolicy`). */
  grantPolicy?: RoleOptions<NoInfer<R>>['grantPolicy'];
  /** Roles that imply others in guards; off by default (see `RoleHierarchy`). */
  roleHierarchy?: RoleOptions<NoInfer<R>>['roleHierarchy'];
  /** Raw settings, parsed here once; or an already parsed `AuthConfig`. */
  config: AuthConfigInput | AuthConfig;
  store: AuthStore;
  mailer: Mailer;
  /**
   * Defaults to Argon2id (hash-wasm) on the calling thread with the configured parameters; a server
   * takes a worker pool from `@gatehousejs/hasher`. Whatever the hasher, the hashes in flight are
   * capped by `config.hashing`: `maxConcurrent` if set, else the hasher's `capacity`, else 4.
   */
  hasher?: PasswordHasher;
  /** Counts for `config.rateLimit`. Defaults to one in memory (one process); share SQL or Redis across instances. */
  rateLimiter?: RateLimiter;
  /**
   * A breach corpus asked by range (k-anonymity): new passwords seen in a breach are refused; when it
   * cannot be asked the password is accepted and `onBackgroundError` told. Off by default.
   */
  breachedPasswords?: BreachedPasswordRanges;
  /** Audit trail: told about registrations, logins, refreshes, resets, role changes, lockouts. */
  onEvent?: AuthEventListener;
  /**
   * Remembers verified access tokens by their exact string so the guard skips the HMAC for a token it
   * has seen; `exp` is still checked on every request. On by default (10 000 tokens); `false` turns
   * it off. Always off while `config.checkTokenVersion` is on.
   */
  accessTokenCache?: { maxEntries?: number } | false;
  clock?: Clock;
  random?: Random;
  /**
   * Told about failures nobody waits for, such as a mail that could not be sent. Never gets secrets.
   * Defaults to a `console.warn` line once a minute for each kind of failure.
   */
  onBackgroundError?: (failure: BackgroundFailure) => void;
  /** Second factors and passkeys (docs/mfa.md, docs/passkeys.md): the key that seals TOTP secrets, the WebAuthn relying party. */
  mfa?: MfaConfigInput;
  /** Social sign-in: the app URL, the redirect allow-list and the enabled providers (none by default). */
  social?: SocialConfigInput;
  /**
   * How revocations (logout, session end, password change, disable, deletion…) reach the access
   * tokens of the other instances: `feed` carries them at once (Redis pub/sub,
   * `createRedisRevocationFeed`); the store's record is read every `pollIntervalMs` (default 500)
   * while the feed is down or when there is none. This instance refuses them at once either way.
   */
  revocation?: { feed?: RevocationFeed; pollIntervalMs?: number };
  /** Told why a social sign-in failed at the provider (the browser only sees `provider_error`). Never gets tokens. */
  onProviderError?: (provider: ProviderId, error: unknown, request?: RequestContext) => void;
  /** `auth.checkReadiness()`: how long each dependency has to answer (default 1 s). */
  readiness?: ReadinessOptions;
}

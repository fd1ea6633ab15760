import { parseAuthConfig, type AuthConfig, type AuthConfigInput } from './config/auth-config.js';
import { assertRecentAuthentication } from './flow-kit/assert-recent-authentication.js';
import { endOtherSessions, endSession, listSessions, type SessionView } from './flows/account-sessions.js';
import { setAccountStatus, setUserDisabledNow } from './flows/account-status.js';
import { changePassword } from './flows/change-password.js';
import { deleteAccount, deleteUserNow } from './flows/delete-account.js';
import { reauthenticate } from './flows/reauthenticate.js';
import { ensureSuperUser, type SuperUserSettings } from './flows/bootstrap-super-user.js';
import { forRequest, type BackgroundFailure, type FlowContext } from './flow-kit/flow-context.js';
import { forgotPassword } from './flows/forgot-password.js';
import { login, type LoginResult } from './flows/login.js';
import { createSecondFactors, type SecondFactors } from './mfa/create-mfa.js';
import { refuseSecondFactorAccounts, type MfaChallenge } from './mfa/login-challenge.js';
import type { MfaConfigInput } from './mfa/mfa-config.js';
import { createPasskeys, type Passkeys, type PasskeysInternal } from './passkeys/create-passkeys.js';
import { logout, logoutAll } from './flows/logout.js';
import type { Actor } from './flow-kit/administrator.js';
import { findUserProfile, findUserProfileFor, listUsersPage, revokeUserSessions, type UserList } from './flows/manage-users.js';
import { pruneEndedRecords, type PruneResult } from './flows/prune-ended-records.js';
import { refresh } from './flows/refresh.js';
import { register, registerConcealed, type RegisterAccepted, type RegisterResult } from './flows/register.js';
import type { RequestContext } from './flow-kit/request-context.js';
import { resetPassword } from './flows/reset-password.js';
import { setRoles } from './flows/set-roles.js';
import { toUserProfile, toUserSummary, type UserProfile, type UserSummary } from './flow-kit/user-views.js';
import { verifyEmail } from './flows/verify-email.js';
import { warnBackgroundFailures } from './flow-kit/warn-background-failures.js';
import { type AccessTokenOptions, verifyAccessToken } from './flows/verify-access-token.js';
import { createArgon2idHasher } from './hashing/argon2id-hasher.js';
import { limitHashConcurrency } from './hashing/limit-hash-concurrency.js';
import type { AuthEventListener } from './ports/auth-events.js';
import type { RateLimiter } from './ports/rate-limiter.js';
import type { RevocationFeed } from './ports/revocation-feed.js';
import { createRevocationList } from './tokens/revocation-list.js';
import { startRevocationSync } from './tokens/revocation-sync.js';
import { createMemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
import type { AuthStore } from './ports/auth-store.js';
import type { BreachedPasswordRanges } from './ports/breached-passwords.js';
import { systemClock, type Clock } from './ports/clock.js';
import type { Mailer } from './ports/mailer.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import { cryptoRandom, type Random } from './ports/random.js';
import { createRolePolicy, type RoleOptions, type RolePolicy } from './roles/role-policy.js';
import type { Role, SpecRole } from './roles/roles.js';
import { randomToken } from './random/random-values.js';
import { userPage } from './validation/user-page.js';
import { requestSchemasFor, type RequestSchemas } from './validation/request-schemas.js';
import { roleInputsFor } from './validation/role-inputs.js';
import type { AccessTokenPayload, TokenPair } from './tokens/token-claims.js';
import { createTokenService } from './tokens/token-service.js';
import type { JsonWebKeySet } from './keys/public-jwk.js';
import { accessTokenCacheSetting } from './tokens/verified-token-cache.js';
import { requestEmailChange } from './flows/request-email-change.js';
import type { ProviderId } from './social/provider-definition.js';
import type { SocialConfigInput } from './social/social-config.js';
import { createSocialSignIn, type SocialSignIn } from './social/social-sign-in.js';
import { createReadinessCheck, dependenciesOf, type ReadinessOptions, type ReadinessReport } from './operations/readiness-check.js';
import { shutDown } from './operations/shut-down.js';

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

/**
 * The whole of Gatehouse for one app: every flow, bound to its config and ports. `R` is its role
 * set, inferred from `createAuth({ roles })`; the spec's four by default (or the registered one,
 * see `Register`). Code that takes any auth instance takes an `Auth<string>`.
 */
export interface Auth<R extends string = Role> {
  readonly config: AuthConfig;
  /** The configured roles, grant policy and hierarchy, and the guards' role check. */
  readonly roles: RolePolicy<R>;
  /** The zod schemas this instance validates requests with (its role set), for documentation generators. */
  readonly requestSchemas: RequestSchemas;
  register(body: unknown, request?: RequestContext): Promise<RegisterResult<R>>;
  /** Registration that does not reveal registered addresses (see `concealRegisteredEmails`). */
  registerConcealed(body: unknown, request?: RequestContext): Promise<RegisterAccepted>;
  /**
   * Signs in with e-mail and password and answers tokens. An account with a second factor is refused
   * with `MFA_REQUIRED` once its password matched: use `signIn`, which answers its challenge.
   */
  login(body: unknown, request?: RequestContext): Promise<LoginResult<R>>;
  /**
   * `POST /auth/login`: tokens, or for an account with a second factor `{ mfaRequired, mfaToken,
   * methods }` to answer at `auth.mfa.verify` (docs/mfa.md).
   *
   * @example
   * const outcome = await auth.signIn(body);
   * if ('mfaRequired' in outcome) return askForCode(outcome.mfaToken, outcome.methods);
   */
  signIn(body: unknown, request?: RequestContext): Promise<LoginResult<R> | MfaChallenge>;
  /** Second factors (TOTP, recovery codes) and the second step of a sign-in (docs/mfa.md). */
  readonly mfa: SecondFactors;
  /** Passkeys: registration, passwordless sign-in, list, rename, delete (docs/passkeys.md). */
  readonly passkeys: Passkeys;
  refresh(body: unknown, request?: RequestContext): Promise<TokenPair>;
  /**
   * Verifies an access token (signature, `typ`, strict expiry, claims) and, with
   * `checkTokenVersion`, that the user's sessions were not ended since it was issued.
   */
  verifyAccessToken(token: string, options?: AccessTokenOptions): Promise<AccessTokenPayload<R>>;
  /**
   * Refuses (`REAUTHENTICATION_REQUIRED`, 403) a token whose session was last fully authenticated
   * longer ago than `maxAgeSeconds` (default `config.reauthMaxAge`, 10 minutes). For the app's own
   * sensitive routes; the adapters' `recentAuth` guard option calls it.
   *
   * @example
   * auth.assertRecentAuthentication(req.user);
   */
  assertRecentAuthentication(payload: AccessTokenPayload<R>, maxAgeSeconds?: number): void;
  /**
   * `GET /auth/jwks`: the public keys access tokens are verified with (the current key pair and the
   * previous ones), for other services to verify tokens without any secret. `{ keys: [] }` when
   * only HS256 secrets are configured.
   */
  jwks(): Promise<JsonWebKeySet>;
  /** The `verify-token` response: the verified user summary. */
  describeToken(payload: AccessTokenPayload<R>): { message: string; user: UserSummary<R> };
  verifyEmail(query: unknown, request?: RequestContext): Promise<{ message: string }>;
  forgotPassword(body: unknown, request?: RequestContext): Promise<{ message: string }>;
  resetPassword(body: unknown, request?: RequestContext): Promise<{ message: string }>;
  logout(body: unknown, request?: RequestContext): Promise<void>;
  logoutAll(userId: string, request?: RequestContext): Promise<void>;
  /**
   * Privileged actions (`setRoles`, `listUsersPage`, `getUserProfileFor`, `revokeUserSessions`)
   * take the actor (the verified token's user, `req.user`) and check its roles in the store now,
   * not the token's: a demoted administrator's token grants nothing there.
   *
   * @example
   * const user = await auth.setRoles(req.user, req.params.id, { roles: ['manager'] });
   */
  setRoles(actor: Actor, targetUserId: string, body: unknown, request?: RequestContext): Promise<UserProfile<R>>;
  /** The full user without secrets; `USER_NOT_FOUND` for an unknown or malformed id. */
  getUserProfile(userId: string): Promise<UserProfile<R>>;
  /** `GET /users/:id`: `getUserProfile` for an actor who holds `admin` or `super` in the store now. */
  getUserProfileFor(actor: Actor, userId: string): Promise<UserProfile<R>>;
  /** For trusted code (a CLI, a job): no actor is checked. HTTP routes use `listUsersPage`. */
  listUsers(page?: { limit?: number; offset?: number }): Promise<UserProfile<R>[]>;
  /**
   * `GET /users`: a page of users from an untrusted query (`limit` 1–500, default 100; `offset`,
   * default 0; `role` keeps the holders of that role). Bad values fail with `VALIDATION_FAILED`.
   *
   * @example
   * const { users } = await auth.listUsersPage(req.user, { role: 'admin', limit: '20' });
   */
  listUsersPage(actor: Actor, query: unknown): Promise<UserList<R>>;
  /**
   * Ends every session of `targetUserId` for an administrator: revokes all its refresh tokens and
   * bumps its token version (so with `checkTokenVersion` its access tokens stop working too).
   * The actor must hold `admin` or `super` (`INSUFFICIENT_ROLE`); `USER_NOT_FOUND` for an unknown id.
   *
   * @example
   * await auth.revokeUserSessions(req.user, req.params.id);
   */
  revokeUserSessions(actor: Actor, targetUserId: string, request?: RequestContext): Promise<void>;
  /** For trusted code (a CLI, a job): no actor is checked. */
  listUsersByRole(role: R): Promise<UserProfile<R>[]>;
  /**
   * Makes sure a verified `super` user with these credentials exists (created, or taken over and
   * given the role). With `settings`, credentials that fail validation are `INVALID_CONFIG` with one
   * sentence naming those settings, for start-up: "Invalid ADMIN_PASSWORD: must be at least 8 characters."
   *
   * @example
   * await auth.ensureSuperUser({ email, password }, { email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' });
   */
  ensureSuperUser(credentials: { email: string; password: string }, settings?: SuperUserSettings): Promise<UserProfile<R>>;
  /** Social sign-in and linked identities (CONTRACT §8). */
  readonly social: SocialSignIn;
  /** `PUT /users/me/email`: mails a confirmation link to the new address, which is set when confirmed. */
  requestEmailChange(caller: AccessTokenPayload<R>, body: unknown, request?: RequestContext): Promise<{ message: string }>;
  /**
   * Deletes stored records that can never be used again (ended refresh tokens, used or expired
   * one-time tokens, ended SQL rate-limit windows) and says how many. Run it periodically.
   *
   * @example
   * setInterval(() => void auth.pruneEndedRecords().catch(report), 10 * 60_000).unref();
   */
  pruneEndedRecords(): Promise<PruneResult>;
  /**
   * `POST /auth/reauthenticate { password }` (or `{ code }`, or a passkey assertion `{ challengeId, response }`): a new access token for the caller's session with a
   * fresh `auth_time`. A wrong password is `INVALID_CREDENTIALS` (401), counted like a failed login.
   *
   * @example
   * const { accessToken } = await auth.reauthenticate(req.user, { password: '…' });
   */
  reauthenticate(caller: AccessTokenPayload<R>, body: unknown, request?: RequestContext): Promise<{ accessToken: string }>;
  /** `PUT /users/me/password { currentPassword, password, confirmPassword }`: other sessions end; a notice mail. */
  changePassword(caller: AccessTokenPayload<R>, body: unknown, request?: RequestContext): Promise<{ message: string }>;
  /** `GET /users/me/sessions`: the caller's live sessions (device, last use, masked address, `current`). */
  listSessions(caller: AccessTokenPayload<R>): Promise<{ sessions: SessionView[] }>;
  /** `DELETE /users/me/sessions/:id`: ends one of the caller's sessions; `SESSION_NOT_FOUND` (404) for any other id. */
  endSession(caller: AccessTokenPayload<R>, sessionId: string, request?: RequestContext): Promise<void>;
  /** `DELETE /users/me/sessions`: ends every session of the caller but its own. */
  endOtherSessions(caller: AccessTokenPayload<R>, request?: RequestContext): Promise<void>;
  /** `DELETE /users/me { password }`: needs a recent authentication; the account and all it owns are deleted. */
  deleteAccount(caller: AccessTokenPayload<R>, body: unknown, request?: RequestContext): Promise<void>;
  /**
   * `PUT /users/:id/status { disabled }`: for an actor holding `admin` or `super` in the store now,
   * on a user whose roles it may grant (an admin cannot disable a super or an admin).
   *
   * @example
   * const user = await auth.setAccountStatus(req.user, req.params.id, { disabled: true });
   */
  setAccountStatus(actor: Actor, targetUserId: string, body: unknown, request?: RequestContext): Promise<UserProfile<R>>;
  /** For trusted code (a CLI, a job): disables or enables an account; no actor is checked. */
  setUserDisabled(userId: string, disabled: boolean): Promise<UserProfile<R>>;
  /** For trusted code (a CLI, a job): deletes an account and all it owns; false when there is none. */
  deleteUser(userId: string): Promise<boolean>;
  /**
   * Readiness of this instance for a load balancer (`GET /api/v1/health/ready`, mounted by every
   * adapter): each configured dependency (the store's database, the rate limiter's Redis, the
   * hasher's workers: only those that can be asked) gets `readiness.timeoutMs` to answer, in
   * parallel. Concurrent calls share one round and a report is reused for a second; `stopping`
   * once `shutdown()` began.
   *
   * @example
   * const { status, checks } = await auth.checkReadiness();
   * // { status: 'unavailable', checks: { database: 'unavailable', hasher: 'ok' } }
   */
  checkReadiness(): Promise<ReadinessReport>;
  /**
   * Graceful shutdown: readiness answers `stopping` at once; `stopServing` (the app's own: drain the
   * HTTP server) runs while every port is still open; then the hashes and mails under way finish and
   * the hasher, the mailer and the store are closed, in that order. Idempotent. The Redis client of
   * a Redis rate limiter is the app's, to close after this.
   *
   * @example
   * const draining = createDraining(app); // @gatehousejs/http/node
   * const server = createServer(draining.listener).listen(3000);
   * process.once('SIGTERM', () => void auth.shutdown(() => draining.drain(server)).then(() => process.exit(0)));
   */
  shutdown(stopServing?: () => Promise<void>): Promise<void>;
  /** Stops reading revocations from the store and the feed. `shutdown()` calls it; call it yourself only if you close the ports yourself. */
  close(): void;
  /**
   * Resolves when the mails started in the background have been handed to the mailer (or failed).
   * `shutdown()` waits for it; call it yourself only if you close the ports yourself.
   */
  whenIdle(): Promise<void>;
}

/** How often the store's revocations are read while no feed delivers them: "within a second". */
const DEFAULT_REVOCATION_POLL_MS = 500;

/** The cap for a hasher that does not state its capacity (libuv's four threads, hash-wasm in-thread). */
const DEFAULT_HASH_CONCURRENCY = 4;

/**
 * Builds the service. Config is validated eagerly: a bad setting throws `INVALID_CONFIG` here, at
 * start-up, not at the first request.
 *
 * @example
 * const auth = createAuth({
 *   config: { accessTokenSecret: process.env.JWT_SECRET!, refreshTokenSecret: process.env.JWT_REFRESH_SECRET! },
 *   store: createMemoryStore(),
 *   mailer: createSmtpMailer({ appUrl: 'https://example.com', from: 'auth@example.com', transport: { host: 'smtp' } }),
 * });
 * const { accessToken } = await auth.login({ email: 'ada@example.com', password: '…' });
 */
export function createAuth<const R extends string = SpecRole>(options: CreateAuthOptions<R>): Auth<R> {
  // Parsing is idempotent, so an already parsed config is simply checked again.
  const config = parseAuthConfig(options.config as AuthConfigInput);
  const roles: RolePolicy<string> = createRolePolicy<string>(options);
  const random = options.random ?? cryptoRandom;
  const clock = options.clock ?? systemClock;
  const inner = options.hasher ?? createArgon2idHasher(config.argon2, random);
  const hasher = limitHashConcurrency(inner, {
    maxConcurrent: config.hashing.maxConcurrent ?? inner.capacity ?? DEFAULT_HASH_CONCURRENCY,
    maxQueued: config.hashing.maxQueued,
  });
  const listener = options.onEvent;
  // An entry outlives every access token issued before it, on any instance whose clock is up to 60 s off.
  const revocationLifetimeMs = (config.accessTokenTtl + config.jitterSeconds + 60) * 1000;
  let dummy: Promise<string> | undefined;

  const ctx: FlowContext = {
    config,
    store: options.store,
    mailer: options.mailer,
    hasher,
    clock,
    random,
    tokens: createTokenService(config, random, {
      accessTokenCache: accessTokenCacheSetting(options.accessTokenCache, config),
      isRole: roles.isRole,
    }),
    roles,
    roleInputs: roleInputsFor(roles.all),
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter(),
    ...(options.breachedPasswords ? { breachedPasswords: options.breachedPasswords } : {}),
    emit: (event) => {
      try {
        listener?.(event);
      } catch {
        // An audit listener must never break a login.
      }
    },
    dummyPasswordHash: () => (dummy ??= hasher.hash(randomToken(random))),
    onBackgroundError: options.onBackgroundError ?? warnBackgroundFailures(clock),
    pending: new Set(),
    revocations: createRevocationList(revocationLifetimeMs),
    revoke: async () => {},
  };

  const revocationSync = startRevocationSync({
    list: ctx.revocations,
    store: options.store.revocations,
    feed: options.revocation?.feed,
    pollIntervalMs: options.revocation?.pollIntervalMs ?? DEFAULT_REVOCATION_POLL_MS,
    lifetimeMs: revocationLifetimeMs,
    now: () => clock.now(),
    onError: (error) => ctx.onBackgroundError({ operation: 'revocation', error }),
  });
  ctx.revoke = (revocations) => revocationSync.revoke(revocations);

  let passkeys: PasskeysInternal | undefined;
  const mfa = createSecondFactors(
    ctx,
    options.mfa,
    (payload) => assertRecentAuthentication(payload, clock.now(), config.reauthMaxAge),
    () => passkeys!.checkForUser,
  );
  passkeys = createPasskeys(mfa.context);

  const readiness = createReadinessCheck(
    dependenciesOf({ store: options.store, rateLimiter: ctx.rateLimiter, hasher: inner }),
    clock,
    options.readiness,
  );
  const whenIdle = async () => {
    while (ctx.pending.size > 0) await Promise.all(ctx.pending);
  };
  let shuttingDown: Promise<void> | undefined;

  const social = createSocialSignIn(
    ctx,
    options.social,
    options.onProviderError ?? (() => {}),
    (flowCtx, user, now, isNewUser) => mfa.challenge(flowCtx, user, now, ['fed'], { isNewUser }),
    // Provider tokens are sealed as authenticator-app secrets are: one sealing code, one key list.
    mfa.config.encryptionKeys.length > 0 ? mfa.context.box : undefined,
  );

  const auth: Auth<string> = {
    config,
    roles,
    requestSchemas: requestSchemasFor(roles.all),
    social,
    requestEmailChange: (caller, body, request) => requestEmailChange(forRequest(ctx, request), caller, body, request),
    register: (body, request) => register(forRequest(ctx, request), body, request),
    registerConcealed: (body, request) => registerConcealed(forRequest(ctx, request), body, request),
    mfa,
    passkeys,
    // Without a second step's challenge, `login` answers tokens or throws: its type holds.
    login: (body, request) => login(forRequest(ctx, request), body, request, refuseSecondFactorAccounts) as Promise<LoginResult<string>>,
    signIn: (body, request) => login(forRequest(ctx, request), body, request, mfa.challenge),
    refresh: (body, request) => refresh(forRequest(ctx, request), body, request),
    verifyAccessToken: (token, options) => verifyAccessToken(ctx, token, options),
    assertRecentAuthentication: (payload, maxAge) => assertRecentAuthentication(payload, clock.now(), maxAge ?? config.reauthMaxAge),
    jwks: () => ctx.tokens.jwks(),
    describeToken: (payload) => ({ message: 'Token is valid.', user: toUserSummary(payload) }),
    verifyEmail: (query, request) => verifyEmail(forRequest(ctx, request), query, request),
    forgotPassword: (body, request) => forgotPassword(forRequest(ctx, request), body, request),
    resetPassword: (body, request) => resetPassword(forRequest(ctx, request), body, request),
    logout: (body, request) => logout(forRequest(ctx, request), body, request),
    logoutAll: (userId, request) => logoutAll(forRequest(ctx, request), userId, request),
    setRoles: (actor, targetUserId, body, request) => setRoles(forRequest(ctx, request), actor, targetUserId, body),
    getUserProfile: (userId) => findUserProfile(ctx, userId),
    getUserProfileFor: (actor, userId) => findUserProfileFor(ctx, actor, userId),
    listUsersPage: (actor, query) => listUsersPage(ctx, actor, query),
    revokeUserSessions: (actor, targetUserId, request) => revokeUserSessions(forRequest(ctx, request), actor, targetUserId, request),
    async listUsers(page = {}) {
      const { limit, offset } = userPage.parse(page);
      return (await options.store.users.listUsers({ limit, offset })).map(toUserProfile);
    },
    listUsersByRole: async (role) => (await options.store.users.listUsersByRole(role)).map(toUserProfile),
    ensureSuperUser: (credentials, settings) => ensureSuperUser(ctx, credentials, settings),
    pruneEndedRecords: () => pruneEndedRecords(ctx),
    reauthenticate: (caller, body, request) =>
      reauthenticate(forRequest(ctx, request), caller, body, request, (userId, proof, r) => mfa.confirmSecondFactor(userId, proof, r)),
    changePassword: (caller, body, request) => changePassword(forRequest(ctx, request), caller, body, request),
    listSessions: (caller) => listSessions(ctx, caller),
    endSession: (caller, sessionId, request) => endSession(forRequest(ctx, request), caller, sessionId, request),
    endOtherSessions: (caller, request) => endOtherSessions(forRequest(ctx, request), caller, request),
    deleteAccount: (caller, body, request) => deleteAccount(forRequest(ctx, request), caller, body, request),
    setAccountStatus: (actor, targetUserId, body, request) =>
      setAccountStatus(forRequest(ctx, request), actor, targetUserId, body, request),
    setUserDisabled: (userId, disabled) => setUserDisabledNow(ctx, userId, disabled),
    deleteUser: (userId) => deleteUserNow(ctx, userId),
    checkReadiness: () => readiness.check(),
    shutdown: (stopServing) =>
      (shuttingDown ??= shutDown(
        {
          stopReadiness: readiness.stop,
          stopRevocationSync: () => revocationSync.stop(),
          hashesIdle: hasher.idle,
          backgroundIdle: whenIdle,
          closers: [inner.close?.bind(inner), options.mailer.close?.bind(options.mailer), () => options.store.close()],
        },
        stopServing,
      )),
    close: () => revocationSync.stop(),
    whenIdle,
  };
  // Every role that reaches an answer was validated against `roles` (set-roles input, token claims),
  // so the instance's own role type holds at run time.
  return auth as unknown as Auth<R>;
}

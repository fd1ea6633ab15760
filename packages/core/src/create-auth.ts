import { parseAuthConfig, type AuthConfigInput } from './config/auth-config.js';
import { assertRecentAuthentication } from './flow-kit/assert-recent-authentication.js';
import { endOtherSessions, endSession, listSessions } from './flows/account-sessions.js';
import { setAccountStatus, setUserDisabledNow } from './flows/account-status.js';
import { changePassword } from './flows/change-password.js';
import { deleteAccount, deleteUserNow } from './flows/delete-account.js';
import { reauthenticate } from './flows/reauthenticate.js';
import { ensureSuperUser } from './flows/bootstrap-super-user.js';
import { forRequest, type FlowContext } from './flow-kit/flow-context.js';
import { forgotPassword } from './flows/forgot-password.js';
import { login, type LoginResult } from './flows/login.js';
import { createSecondFactors } from './mfa/create-mfa.js';
import { refuseSecondFactorAccounts } from './mfa/login-challenge.js';
import { createPasskeys, type PasskeysInternal } from './passkeys/create-passkeys.js';
import { logout, logoutAll } from './flows/logout.js';
import { findUserProfile, findUserProfileFor, listUsersPage, revokeUserSessions } from './flows/manage-users.js';
import { pruneEndedRecords } from './flows/prune-ended-records.js';
import { refresh } from './flows/refresh.js';
import { register, registerConcealed } from './flows/register.js';
import { resetPassword } from './flows/reset-password.js';
import { setRoles } from './flows/set-roles.js';
import { toUserProfile, toUserSummary } from './flow-kit/user-views.js';
import { verifyEmail } from './flows/verify-email.js';
import { warnBackgroundFailures } from './flow-kit/warn-background-failures.js';
import { verifyAccessToken } from './flows/verify-access-token.js';
import { createArgon2idHasher } from './hashing/argon2id-hasher.js';
import { limitHashConcurrency } from './hashing/limit-hash-concurrency.js';
import { createRevocationList } from './tokens/revocation-list.js';
import { startRevocationSync } from './tokens/revocation-sync.js';
import { createMemoryRateLimiter } from './rate-limit/memory-rate-limiter.js';
import { systemClock } from './ports/clock.js';
import { cryptoRandom } from './ports/random.js';
import { createRolePolicy, type RolePolicy } from './roles/role-policy.js';
import type { SpecRole } from './roles/roles.js';
import { randomToken } from './random/random-values.js';
import { userPage } from './validation/user-page.js';
import { requestSchemasFor } from './validation/request-schemas.js';
import { roleInputsFor } from './validation/role-inputs.js';
import { createTokenService } from './tokens/token-service.js';
import { accessTokenCacheSetting } from './tokens/verified-token-cache.js';
import { requestEmailChange } from './flows/request-email-change.js';
import { createSocialSignIn } from './social/social-sign-in.js';
import { createReadinessCheck, dependenciesOf } from './operations/readiness-check.js';
import { shutDown } from './operations/shut-down.js';
import type { Auth } from './auth.js';
import type { CreateAuthOptions } from './create-auth-options.js';

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

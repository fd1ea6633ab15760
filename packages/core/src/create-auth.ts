import { parseAuthConfig, type AuthConfig, type AuthConfigInput } from './config/auth-config.js';
import { AuthError } from './errors/auth-error.js';
import { ensureSuperUser } from './flows/bootstrap-super-user.js';
import type { BackgroundFailure, FlowContext } from './flows/flow-context.js';
import { forgotPassword } from './flows/forgot-password.js';
import { login, type LoginResult } from './flows/login.js';
import { logout, logoutAll } from './flows/logout.js';
import { refresh } from './flows/refresh.js';
import { register, type RegisterResult } from './flows/register.js';
import { resetPassword } from './flows/reset-password.js';
import { setRoles } from './flows/set-roles.js';
import { toUserProfile, toUserSummary, type UserProfile, type UserSummary } from './flows/user-views.js';
import { verifyEmail } from './flows/verify-email.js';
import { createArgon2idHasher } from './hashing/argon2id-hasher.js';
import type { AuthStore } from './ports/auth-store.js';
import { systemClock, type Clock } from './ports/clock.js';
import type { Mailer } from './ports/mailer.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import { cryptoRandom, type Random } from './ports/random.js';
import type { Role } from './roles/roles.js';
import { randomToken } from './random/random-values.js';
import type { AccessTokenPayload, TokenPair } from './tokens/token-claims.js';
import { createTokenService } from './tokens/token-service.js';

export interface CreateAuthOptions {
  /** Raw settings, parsed here once; or an already parsed `AuthConfig`. */
  config: AuthConfigInput | AuthConfig;
  store: AuthStore;
  mailer: Mailer;
  /** Defaults to Argon2id (hash-wasm) with the configured parameters. */
  hasher?: PasswordHasher;
  clock?: Clock;
  random?: Random;
  /** Told about failures nobody waits for, such as a mail that could not be sent. Never gets secrets. */
  onBackgroundError?: (failure: BackgroundFailure) => void;
}

/** The whole of Gatehouse for one app: every flow, bound to its config and ports. */
export interface Auth {
  readonly config: AuthConfig;
  register(body: unknown): Promise<RegisterResult>;
  login(body: unknown): Promise<LoginResult>;
  refresh(body: unknown): Promise<TokenPair>;
  /** Verifies an access token (signature, `typ`, strict expiry, claims). */
  verifyAccessToken(token: string): Promise<AccessTokenPayload>;
  /** The `verify-token` response: the verified user summary. */
  describeToken(payload: AccessTokenPayload): { message: string; user: UserSummary };
  verifyEmail(query: unknown): Promise<{ message: string }>;
  forgotPassword(body: unknown): Promise<{ message: string }>;
  resetPassword(body: unknown): Promise<{ message: string }>;
  logout(body: unknown): Promise<void>;
  logoutAll(userId: string): Promise<void>;
  setRoles(actor: Pick<AccessTokenPayload, 'id' | 'roles'>, targetUserId: string, body: unknown): Promise<UserProfile>;
  getUserProfile(userId: string): Promise<UserProfile>;
  listUsers(page?: { limit?: number; offset?: number }): Promise<UserProfile[]>;
  listUsersByRole(role: Role): Promise<UserProfile[]>;
  ensureSuperUser(credentials: { email: string; password: string }): Promise<UserProfile>;
  /**
   * Resolves when the mails started in the background have been handed to the mailer (or failed).
   * Call it on shutdown after the HTTP server stopped and before closing the mailer and the store.
   */
  whenIdle(): Promise<void>;
}

function clampInt(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.trunc(value), min), max);
}

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
export function createAuth(options: CreateAuthOptions): Auth {
  // Parsing is idempotent, so an already parsed config is simply checked again.
  const config = parseAuthConfig(options.config as AuthConfigInput);
  const random = options.random ?? cryptoRandom;
  const clock = options.clock ?? systemClock;
  const hasher = options.hasher ?? createArgon2idHasher(config.argon2, random);
  let dummy: Promise<string> | undefined;

  const ctx: FlowContext = {
    config,
    store: options.store,
    mailer: options.mailer,
    hasher,
    clock,
    random,
    tokens: createTokenService(config, random),
    dummyPasswordHash: () => (dummy ??= hasher.hash(randomToken(random))),
    onBackgroundError: options.onBackgroundError ?? (() => {}),
    pending: new Set(),
  };

  async function findProfile(userId: string): Promise<UserProfile> {
    const user = await options.store.users.findUserById(userId);
    if (!user) throw new AuthError('USER_NOT_FOUND', 'No user has this id.');
    return toUserProfile(user);
  }

  return {
    config,
    register: (body) => register(ctx, body),
    login: (body) => login(ctx, body),
    refresh: (body) => refresh(ctx, body),
    verifyAccessToken: (token) => ctx.tokens.verifyAccessToken(token, clock.now()),
    describeToken: (payload) => ({ message: 'Token is valid.', user: toUserSummary(payload) }),
    verifyEmail: (query) => verifyEmail(ctx, query),
    forgotPassword: (body) => forgotPassword(ctx, body),
    resetPassword: (body) => resetPassword(ctx, body),
    logout: (body) => logout(ctx, body),
    logoutAll: (userId) => logoutAll(ctx, userId),
    setRoles: (actor, targetUserId, body) => setRoles(ctx, actor, targetUserId, body),
    getUserProfile: findProfile,
    async listUsers(page = {}) {
      const limit = clampInt(page.limit, 100, 1, 500);
      const offset = clampInt(page.offset, 0, 0, Number.MAX_SAFE_INTEGER);
      return (await options.store.users.listUsers({ limit, offset })).map(toUserProfile);
    },
    listUsersByRole: async (role) => (await options.store.users.listUsersByRole(role)).map(toUserProfile),
    ensureSuperUser: (credentials) => ensureSuperUser(ctx, credentials),
    async whenIdle() {
      while (ctx.pending.size > 0) await Promise.all(ctx.pending);
    },
  };
}

import type { AuthConfig } from './config/auth-config.js';
import type { SessionView } from './flows/account-sessions.js';
import type { SuperUserSettings } from './flows/bootstrap-super-user.js';
import type { LoginResult } from './flows/login.js';
import type { SecondFactors } from './mfa/create-mfa.js';
import type { MfaChallenge } from './mfa/login-challenge.js';
import type { Passkeys } from './passkeys/create-passkeys.js';
import type { Actor } from './flow-kit/administrator.js';
import type { UserList } from './flows/manage-users.js';
import type { PruneResult } from './flows/prune-ended-records.js';
import type { RegisterAccepted, RegisterResult } from './flows/register.js';
import type { RequestContext } from './flow-kit/request-context.js';
import type { UserProfile, UserSummary } from './flow-kit/user-views.js';
import type { AccessTokenOptions } from './flows/verify-access-token.js';
import type { RolePolicy } from './roles/role-policy.js';
import type { Role } from './roles/roles.js';
import type { RequestSchemas } from './validation/request-schemas.js';
import type { AccessTokenPayload, TokenPair } from './tokens/token-claims.js';
import type { JsonWebKeySet } from './keys/public-jwk.js';
import type { SocialSignIn } from './social/social-sign-in.js';
import type { ReadinessReport } from './operations/readiness-check.js';

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

import type { FlowContext } from '../flow-kit/flow-context.js';
import { forRequest } from '../flow-kit/flow-context.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import type { UserRecord } from '../ports/user-store.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import type { AuthenticationMethod } from '../tokens/authentication-methods.js';
import { parseMfaConfig, type MfaConfig, type MfaConfigInput } from './mfa-config.js';
import type { MfaContext } from './mfa-context.js';
import {
  challengeSecondFactor,
  verifySecondFactor,
  type MfaChallenge,
  type MfaVerifyResult,
  type PasskeyAssertionCheck,
} from './login-challenge.js';
import { regenerateRecoveryCodes } from './recovery-code-flows.js';
import { secondFactorStatus, type MfaStatus } from './second-factor-status.js';
import { createSecretBox } from './secret-box.js';
import { assertMultiFactor } from './assert-multi-factor.js';
import { confirmSecondFactor } from './confirm-second-factor.js';
import { resetFactorsFor, type SecondFactorReset } from './reset-second-factors.js';
import type { Actor } from '../flow-kit/administrator.js';
import { confirmTotp, disableTotp, startTotpEnrollment, type TotpEnrollment } from './totp-enrollment.js';

/** Second factors of `Auth` (`auth.mfa`): the routes of CONTRACT §9 under `/users/me/mfa` and `/auth/mfa`. */
export interface SecondFactors {
  readonly config: MfaConfig;
  /** `GET /users/me/mfa`. */
  status(userId: string): Promise<MfaStatus>;
  /** `POST /users/me/mfa/totp` (recent authentication): the secret, its otpauth URI and a QR code; pending until confirmed. */
  startTotpEnrollment(user: AccessTokenPayload<string>, request?: RequestContext): Promise<TotpEnrollment>;
  /** `POST /users/me/mfa/totp/confirm { code }`: turns the app on and answers 10 recovery codes, shown once. */
  confirmTotp(userId: string, body: unknown, request?: RequestContext): Promise<{ recoveryCodes: string[] }>;
  /** `DELETE /users/me/mfa/totp` (recent authentication). */
  disableTotp(user: AccessTokenPayload<string>, request?: RequestContext): Promise<void>;
  /** `POST /users/me/mfa/recovery-codes` (recent authentication): a new set; the old codes stop working. */
  regenerateRecoveryCodes(user: AccessTokenPayload<string>, request?: RequestContext): Promise<{ recoveryCodes: string[] }>;
  /** 403 `MFA_REQUIRED` unless the token's `amr` holds `mfa` (see `assertMultiFactor`). */
  assertMultiFactor(user: AccessTokenPayload<string>): void;
  /** `DELETE /users/:id/mfa`: an administrator removes every second factor of a user (audited). */
  resetFactors(actor: Actor, targetUserId: string, request?: RequestContext): Promise<SecondFactorReset>;
  /**
   * A signed-in user proves a second factor again (`{ code }` or `{ challengeId, response }`); its
   * `amr` value. For re-authentication (`POST /auth/reauthenticate`), see `confirmSecondFactor`.
   */
  confirmSecondFactor(userId: string, body: unknown, request?: RequestContext): Promise<AuthenticationMethod>;
  /** `POST /auth/mfa/verify`: answers a sign-in's challenge and signs in. */
  verify(body: unknown, request?: RequestContext): Promise<MfaVerifyResult>;
}

/** What core's own flows use beside the public methods. */
export interface SecondFactorsInternal extends SecondFactors {
  /** The challenge a sign-in of `user` needs, or null without a second factor. */
  challenge(
    ctx: FlowContext,
    user: UserRecord,
    now: Date,
    amr?: readonly AuthenticationMethod[],
    extra?: { isNewUser?: boolean },
  ): Promise<MfaChallenge | null>;
  readonly context: MfaContext;
}

/** Binds the second-factor flows to the auth instance's context (see `createAuth`'s `mfa` option). */
export function createSecondFactors(
  ctx: FlowContext,
  input: MfaConfigInput | undefined,
  assertRecent: (user: AccessTokenPayload<string>) => void,
  checkPasskey: () => PasskeyAssertionCheck,
): SecondFactorsInternal {
  const config = parseMfaConfig(input);
  const base: MfaContext = {
    ctx,
    config,
    box: createSecretBox(config.encryptionKeys, ctx.random),
    issuer: config.issuer ?? ctx.config.passwordPolicy.serviceName,
    assertRecent,
  };
  const inRequest = (request: RequestContext | undefined): MfaContext => ({ ...base, ctx: forRequest(ctx, request) });
  return {
    config,
    context: base,
    assertMultiFactor,
    confirmSecondFactor: (userId, body, request = {}) => confirmSecondFactor(inRequest(request), userId, body, request, checkPasskey()),
    resetFactors: (actor, targetUserId, request) => resetFactorsFor(inRequest(request), actor, targetUserId, request),
    status: (userId) => secondFactorStatus(ctx.store, userId),
    startTotpEnrollment: (user) => startTotpEnrollment(base, user),
    confirmTotp: (userId, body, request) => confirmTotp(inRequest(request), userId, body, request),
    disableTotp: (user, request) => disableTotp(inRequest(request), user, request),
    regenerateRecoveryCodes: (user, request) => regenerateRecoveryCodes(inRequest(request), user, request),
    verify: (body, request = {}) => verifySecondFactor(inRequest(request), body, request, checkPasskey()),
    challenge: (flowCtx, user, now, amr = ['pwd'], extra) => challengeSecondFactor({ ...base, ctx: flowCtx }, user, amr, now, extra),
  };
}

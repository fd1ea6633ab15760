import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import { issueTokenPair } from '../flow-kit/issue-token-pair.js';
import type { LoginResult } from '../flows/login.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { toUserSummary } from '../flow-kit/user-views.js';
import { hashOneTimeToken, createOneTimeToken } from '../one-time/one-time-token.js';
import type { UserRecord } from '../ports/user-store.js';
import type { AuthenticationMethod } from '../tokens/authentication-methods.js';
import { LIMITS, parseInput } from '../validation/input-schemas.js';
import { clearCodeAttempts, countCodeAttempt } from './code-attempts.js';
import type { MfaContext } from './mfa-context.js';
import { consumeRecoveryCode } from './recovery-code-flows.js';
import { secondFactorStatus } from './second-factor-status.js';
import { totpCode } from './totp-code-input.js';
import { matchingTimeStep } from './totp-code.js';

/** A way to answer the challenge. */
export type MfaMethod = 'totp' | 'recovery' | 'passkey';

/** The answer to a password (or social) sign-in of an account with a second factor: no tokens yet. */
export interface MfaChallenge {
  mfaRequired: true;
  /** Single use, bound to this sign-in, 5 minutes; send it to `POST /auth/mfa/verify`. */
  mfaToken: string;
  methods: MfaMethod[];
}

/** Verifies a passkey assertion of `userId` for the challenge `challengeId`; answers the RFC 8176 `amr` value (`hwk`/`swk`). */
export type PasskeyAssertionCheck = (userId: string, challengeId: string, response: unknown, now: Date) => Promise<'hwk' | 'swk'>;

export const MFA_TOKEN_TTL_SECONDS = 300;
/** Wrong answers one `mfaToken` takes before it is used up; the account's own limit applies as well. */
export const MFA_TOKEN_ATTEMPTS = 5;

interface ChallengeData {
  /** How the first step authenticated (`pwd`, `fed`). */
  amr: AuthenticationMethod[];
  isNewUser?: boolean;
}

/**
 * The second step a sign-in of `user` needs, or null when the account has no second factor (then
 * the caller signs in as before). The `mfaToken` is stored only as its SHA-256, with what the first
 * step proved, so the second step cannot be answered for another sign-in or account.
 */
export async function challengeSecondFactor(
  m: MfaContext,
  user: UserRecord,
  amr: readonly AuthenticationMethod[],
  now: Date,
  extra: { isNewUser?: boolean } = {},
): Promise<MfaChallenge | null> {
  const status = await secondFactorStatus(m.ctx.store, user.id);
  const methods: MfaMethod[] = [];
  if (status.totp) methods.push('totp');
  if (status.passkeys > 0 && m.config.webauthn) methods.push('passkey');
  if (methods.length === 0) return null;
  if (status.recoveryCodesLeft > 0) methods.push('recovery');

  const { token, tokenHash } = await createOneTimeToken(m.ctx.random);
  const data: ChallengeData = { amr: [...amr], ...extra };
  await m.ctx.store.challenges.saveChallenge({
    idHash: tokenHash,
    purpose: 'mfa-login',
    userId: user.id,
    data: JSON.stringify(data),
    createdAt: now,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_SECONDS * 1000),
  });
  m.ctx.emit({ type: 'mfa.challenge_started', at: now, userId: user.id, detail: { methods } });
  return { mfaRequired: true, mfaToken: token, methods };
}

const opaque = z.string('is required').min(1, 'is required').max(LIMITS.tokenMax, 'is too long');
const verifyInput = z
  .object({
    mfaToken: opaque,
    code: totpCode.optional(),
    recoveryCode: z.string().min(1, 'is required').max(64, 'is too long').optional(),
    challengeId: opaque.optional(),
    response: z.unknown().optional(),
  })
  .refine((i) => [i.code, i.recoveryCode, i.challengeId].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of code, recoveryCode or challengeId with response',
    path: ['code'],
  });

/** The login shape, and `isNewUser` when the first step was a social sign-in. */
export type MfaVerifyResult = LoginResult<string> & { isNewUser?: boolean };

/**
 * `POST /auth/mfa/verify`: answers the challenge with a TOTP code, a recovery code or a passkey
 * assertion, and then signs in: the login shape, `amr` holding the first step's method, the
 * second's and `mfa`. Attempts are counted before the answer is checked, per token (5, then it is
 * used up) and per account (`rateLimit.loginFailures`). A right answer uses the token up.
 */
export async function verifySecondFactor(
  m: MfaContext,
  body: unknown,
  request: RequestContext,
  checkPasskey: PasskeyAssertionCheck,
): Promise<MfaVerifyResult> {
  const now = m.ctx.clock.now();
  await enforceClientLimit(m.ctx, request, now);
  const input = parseInput(verifyInput, body);
  const idHash = await hashOneTimeToken(input.mfaToken);
  const challenge = await m.ctx.store.challenges.findChallenge(idHash, 'mfa-login', now);
  if (!challenge?.userId) throw new AuthError('MFA_TOKEN_INVALID');
  const userId = challenge.userId;

  const perToken = await m.ctx.rateLimiter.hit(
    `mfa-token:${idHash}`,
    { limit: MFA_TOKEN_ATTEMPTS, windowSeconds: MFA_TOKEN_TTL_SECONDS },
    now,
  );
  if (!perToken.allowed) {
    await m.ctx.store.challenges.consumeChallenge(idHash, 'mfa-login', now);
    throw new AuthError('MFA_TOKEN_INVALID');
  }
  await countCodeAttempt(m.ctx, userId, request, now);

  const method: MfaMethod = input.code !== undefined ? 'totp' : input.recoveryCode !== undefined ? 'recovery' : 'passkey';
  const secondAmr = await answerChallenge(m, userId, input, now, checkPasskey).catch((error: unknown) => {
    m.ctx.emit({ type: 'mfa.failed', at: now, userId, clientAddress: request.clientAddress, detail: { method } });
    throw error;
  });

  if (!(await m.ctx.store.challenges.consumeChallenge(idHash, 'mfa-login', now))) throw new AuthError('MFA_TOKEN_INVALID');
  await clearCodeAttempts(m.ctx, userId);
  const user = await m.ctx.store.users.findUserById(userId);
  if (!user) throw new AuthError('MFA_TOKEN_INVALID');
  // Disabled between the password and the second factor: no tokens.
  if (user.disabledAt) throw new AuthError('ACCOUNT_DISABLED');
  const data = JSON.parse(challenge.data) as ChallengeData;
  const amr = [...new Set<AuthenticationMethod>([...data.amr, secondAmr, 'mfa'])];

  await m.ctx.store.users.recordLogin(user.id, now);
  const pair = await issueTokenPair(m.ctx, user, now, { amr });
  m.ctx.emit({ type: 'mfa.verified', at: now, userId, clientAddress: request.clientAddress, detail: { method, amr } });
  m.ctx.emit({ type: 'login.succeeded', at: now, userId, clientAddress: request.clientAddress, detail: { amr } });
  const result: MfaVerifyResult = { ...pair, user: toUserSummary(user) };
  if (data.isNewUser !== undefined) result.isNewUser = data.isNewUser;
  return result;
}

/** Checks the one answer given; its RFC 8176 `amr` value, or the error of a wrong answer. */
async function answerChallenge(
  m: MfaContext,
  userId: string,
  input: z.output<typeof verifyInput>,
  now: Date,
  checkPasskey: PasskeyAssertionCheck,
): Promise<AuthenticationMethod> {
  if (input.code !== undefined) {
    const factor = await m.ctx.store.totpFactors.findTotpFactor(userId);
    if (!factor?.confirmedAt) throw new AuthError('MFA_CODE_INVALID');
    const step = matchingTimeStep(await m.box.open(factor.secretCiphertext, userId), input.code, now, m.config.totpDriftSteps);
    if (step === null || !(await m.ctx.store.totpFactors.useTotpStep(userId, step, now))) throw new AuthError('MFA_CODE_INVALID');
    return 'otp';
  }
  if (input.recoveryCode !== undefined) {
    // A recovery code is a one-time password in RFC 8176's terms.
    if (!(await consumeRecoveryCode(m, userId, input.recoveryCode, now))) throw new AuthError('MFA_CODE_INVALID');
    return 'otp';
  }
  if (!m.config.webauthn) throw new AuthError('PASSKEY_REJECTED');
  return checkPasskey(userId, input.challengeId!, input.response, now);
}

/**
 * For `auth.login()`, which answers tokens or nothing: an account with a second factor is refused
 * with `MFA_REQUIRED` (after its password matched) instead of signing in without it.
 */
export async function refuseSecondFactorAccounts(ctx: MfaContext['ctx'], user: UserRecord): Promise<null> {
  const status = await secondFactorStatus(ctx.store, user.id);
  if (status.totp || status.passkeys > 0) throw new AuthError('MFA_REQUIRED');
  return null;
}

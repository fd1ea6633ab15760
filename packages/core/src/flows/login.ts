import { AuthError, isUnavailable } from '../errors/auth-error.js';
import type { TokenPair } from '../tokens/token-claims.js';
import { loginInput, parseInput } from '../validation/input-schemas.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { issueTokenPair } from '../flow-kit/issue-token-pair.js';
import { normalizePassword } from '../validation/password-text.js';
import { verifyTypedPassword } from '../validation/password-verification.js';
import {
  clearAccountLoginFailures,
  clearLoginFailures,
  countAccountLoginAttempt,
  countLoginAttempt,
  enforceClientLimit,
  releaseAccountLoginAttempt,
  releaseLoginAttempt,
} from '../flow-kit/rate-limits.js';
import { maskEmail, type RequestContext } from '../flow-kit/request-context.js';
import { toUserSummary, type UserSummary } from '../flow-kit/user-views.js';
import type { Role } from '../roles/roles.js';
import type { MfaChallenge } from '../mfa/login-challenge.js';
import type { UserRecord } from '../ports/user-store.js';

/**
 * Decides, once the password matched, whether the sign-in needs a second step (docs/mfa.md): the
 * challenge to answer instead of tokens, or null to sign in now. It may also refuse (`MFA_REQUIRED`).
 */
export type SecondStep = (ctx: FlowContext, user: UserRecord, now: Date) => Promise<MfaChallenge | null>;

export interface LoginResult<R extends string = Role> extends TokenPair {
  user: UserSummary<R>;
}

/**
 * Checks the password against the stored Argon2id hash and starts a new session (rotation family).
 * An unknown e-mail still spends one hash verify and gets the same answer as a wrong password.
 * Every attempt is counted for its account and client before the password is verified; past
 * `rateLimit.loginFailures` that pair is locked (429) until the window ends, even for the right
 * password. A success clears the count, so only failures add up between successes. The account's
 * failures from all clients are capped too (`rateLimit.accountLoginFailures`, NIST SP 800-63B-4
 * §3.2.2), counted likewise before the hash. The password is compared in its NFKC form (and, for a
 * hash made before passwords were normalised, as typed: see `verifyTypedPassword`).
 */
export async function login(
  ctx: FlowContext,
  body: unknown,
  request: RequestContext = {},
  secondStep?: SecondStep,
): Promise<LoginResult<string> | MfaChallenge> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const input = parseInput(loginInput, body);
  await countLoginAttempt(ctx, input.email, request, now);
  try {
    await countAccountLoginAttempt(ctx, input.email, request, now);
  } catch (error) {
    if (isUnavailable(error)) await releaseLoginAttempt(ctx, input.email, request, now);
    throw error;
  }
  try {
    return await checkPasswordAndSignIn(ctx, input, request, now, secondStep);
  } catch (error) {
    // A dependency failed (503) before the password was judged: the attempt was no guess.
    if (isUnavailable(error)) {
      await releaseLoginAttempt(ctx, input.email, request, now);
      await releaseAccountLoginAttempt(ctx, input.email, now);
    }
    throw error;
  }
}

async function checkPasswordAndSignIn(
  ctx: FlowContext,
  input: { email: string; password: string },
  request: RequestContext,
  now: Date,
  secondStep: SecondStep | undefined,
): Promise<LoginResult<string> | MfaChallenge> {
  const user = await ctx.store.users.findUserByEmail(input.email);
  // An account that only signs in through providers has no password: it matches nothing, at the same cost.
  const matches = user?.passwordHash
    ? await verifyTypedPassword(ctx.hasher, user.passwordHash, input.password)
    : await verifyTypedPassword(ctx.hasher, await ctx.dummyPasswordHash(), input.password).then(() => false);
  if (!user || !matches || user.passwordHash === null) {
    ctx.emit({ type: 'login.failed', at: now, userId: user?.id, email: maskEmail(input.email), clientAddress: request.clientAddress });
    throw new AuthError('INVALID_CREDENTIALS');
  }
  await clearLoginFailures(ctx, input.email, request);
  await clearAccountLoginFailures(ctx, input.email);
  if (user.disabledAt) throw new AuthError('ACCOUNT_DISABLED');
  // Only after the password matched, so this answer reveals nothing to someone without it.
  if (ctx.config.requireEmailVerification && !user.isActive) {
    throw new AuthError('EMAIL_NOT_VERIFIED');
  }
  // A hash of the raw form (made before passwords were normalised) is replaced by one of the NFKC form.
  if (matches === 'raw' || ctx.hasher.needsRehash(user.passwordHash)) {
    await ctx.store.users.updatePasswordHash(user.id, await ctx.hasher.hash(normalizePassword(input.password)), now);
  }
  // A second factor is asked for only after the password matched: the challenge says nothing to a guesser.
  const challenge = await secondStep?.(ctx, user, now);
  if (challenge) return challenge;
  await ctx.store.users.recordLogin(user.id, now);
  const pair = await issueTokenPair(ctx, user, now, { amr: ['pwd'] }, request);
  ctx.emit({ type: 'login.succeeded', at: now, userId: user.id, email: maskEmail(input.email), clientAddress: request.clientAddress });
  return { ...pair, user: toUserSummary(user) };
}

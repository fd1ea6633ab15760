import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import type { AuthenticationMethod } from '../tokens/authentication-methods.js';
import { LIMITS, parseInput } from '../validation/input-schemas.js';
import { clearCodeAttempts, countCodeAttempt } from './code-attempts.js';
import type { PasskeyAssertionCheck } from './login-challenge.js';
import type { MfaContext } from './mfa-context.js';
import { totpCode } from './totp-code-input.js';
import { matchingTimeStep } from './totp-code.js';

const proofInput = z.union([
  z.object({ code: totpCode }),
  z.object({
    challengeId: z.string('is required').min(1, 'is required').max(LIMITS.tokenMax, 'is too long'),
    response: z.record(z.string(), z.unknown(), 'is required'),
  }),
]);

/**
 * A signed-in user proves a second factor again: `{ code }` from the authenticator app, or
 * `{ challengeId, response }` a passkey assertion of this account. Answers the RFC 8176 `amr` value
 * (`otp`, `hwk`, `swk`) for the re-authenticated session; refuses with `MFA_CODE_INVALID` or
 * `PASSKEY_REJECTED`. Counted against the account's attempts like the sign-in step, and a code is
 * accepted once here too. For `POST /auth/reauthenticate` (docs/account.md), which then moves the
 * session's `auth_time`.
 *
 * @example
 * const method = await auth.mfa.confirmSecondFactor(req.user.id, { code: '123456' });
 */
export async function confirmSecondFactor(
  m: MfaContext,
  userId: string,
  body: unknown,
  request: RequestContext,
  checkPasskey: PasskeyAssertionCheck,
): Promise<AuthenticationMethod> {
  const now = m.ctx.clock.now();
  const input = parseInput(proofInput, body);
  await countCodeAttempt(m.ctx, userId, request, now);
  let method: AuthenticationMethod;
  if ('code' in input) {
    const factor = await m.ctx.store.totpFactors.findTotpFactor(userId);
    const step = factor?.confirmedAt
      ? matchingTimeStep(await m.box.open(factor.secretCiphertext, userId), input.code, now, m.config.totpDriftSteps)
      : null;
    if (step === null || !(await m.ctx.store.totpFactors.useTotpStep(userId, step, now))) {
      m.ctx.emit({
        type: 'mfa.failed',
        at: now,
        userId,
        clientAddress: request.clientAddress,
        detail: { method: 'totp', step: 'reauthenticate' },
      });
      throw new AuthError('MFA_CODE_INVALID');
    }
    method = 'otp';
  } else {
    if (!m.config.webauthn) throw new AuthError('PASSKEY_REJECTED');
    method = await checkPasskey(userId, input.challengeId, input.response, now);
  }
  await clearCodeAttempts(m.ctx, userId);
  return method;
}

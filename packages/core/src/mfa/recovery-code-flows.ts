import { AuthError } from '../errors/auth-error.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import type { MfaContext } from './mfa-context.js';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.js';
import { hasSecondFactor, secondFactorStatus } from './second-factor-status.js';

/** A new set of codes for `userId`, replacing the old set in the store; the plain codes are returned once. */
export async function issueRecoveryCodes(m: MfaContext, userId: string, now: Date): Promise<string[]> {
  const codes = generateRecoveryCodes(m.ctx.random);
  const hashes = await Promise.all(codes.map((code) => hashRecoveryCode(userId, code)));
  await m.ctx.store.recoveryCodes.replaceRecoveryCodes(userId, hashes, now);
  return codes;
}

/**
 * `POST /users/me/mfa/recovery-codes`: a new set, the old codes stop working. Needs a recent
 * authentication and a second factor (409 `MFA_NOT_ENABLED` without one: codes stand in for a factor).
 */
export async function regenerateRecoveryCodes(
  m: MfaContext,
  user: AccessTokenPayload<string>,
  request: RequestContext = {},
): Promise<{ recoveryCodes: string[] }> {
  m.assertRecent(user);
  const now = m.ctx.clock.now();
  if (!hasSecondFactor(await secondFactorStatus(m.ctx.store, user.id))) throw new AuthError('MFA_NOT_ENABLED');
  const recoveryCodes = await issueRecoveryCodes(m, user.id, now);
  m.ctx.emit({ type: 'mfa.recovery_codes_generated', at: now, userId: user.id, clientAddress: request.clientAddress });
  return { recoveryCodes };
}

/** Uses up one recovery code of the user; false for a wrong or used one. */
export async function consumeRecoveryCode(m: MfaContext, userId: string, code: string, now: Date): Promise<boolean> {
  return m.ctx.store.recoveryCodes.consumeRecoveryCode(userId, await hashRecoveryCode(userId, code), now);
}

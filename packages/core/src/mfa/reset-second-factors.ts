import type { Actor } from '../flow-kit/administrator.js';
import { requireAdministrator } from '../flow-kit/administrator.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { AuthError } from '../errors/auth-error.js';
import type { AuthStore } from '../ports/auth-store.js';
import { noticeFactorChange } from './factor-notice.js';
import type { MfaContext } from './mfa-context.js';

/** What a reset removed. */
export interface SecondFactorReset {
  totp: boolean;
  passkeys: number;
}

/**
 * Removes every second factor of `userId`: the authenticator app (pending or on), every passkey and
 * the recovery codes. For trusted code (the CLI's `gatehouse reset-mfa`); HTTP goes through
 * `auth.mfa.resetFactors`, which checks the administrator and audits.
 *
 * @example
 * const { totp, passkeys } = await resetSecondFactors(store, user.id);
 */
export async function resetSecondFactors(store: AuthStore, userId: string): Promise<SecondFactorReset> {
  const totp = await store.totpFactors.deleteTotpFactor(userId);
  const passkeys = await store.passkeys.deletePasskeys(userId);
  await store.recoveryCodes.deleteRecoveryCodes(userId);
  return { totp, passkeys };
}

/**
 * `DELETE /users/:id/mfa`: an administrator (by the store's roles now) resets a user who lost their
 * factors; the user signs in with the password alone again and sets up new ones. Audited as
 * `mfa.reset` with the actor.
 */
export async function resetFactorsFor(
  m: MfaContext,
  actor: Actor,
  targetUserId: string,
  request: RequestContext = {},
): Promise<SecondFactorReset> {
  await requireAdministrator(m.ctx, actor);
  const now = m.ctx.clock.now();
  if (!(await m.ctx.store.users.findUserById(targetUserId))) throw new AuthError('USER_NOT_FOUND');
  const reset = await resetSecondFactors(m.ctx.store, targetUserId);
  m.ctx.emit({
    type: 'mfa.reset',
    at: now,
    userId: targetUserId,
    clientAddress: request.clientAddress,
    detail: { actor: actor.id, totp: reset.totp, passkeys: reset.passkeys },
  });
  if (reset.totp || reset.passkeys > 0) noticeFactorChange(m, targetUserId, 'second-factors-reset');
  return reset;
}

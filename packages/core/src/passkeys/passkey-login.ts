import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import { issueTokenPair } from '../flow-kit/issue-token-pair.js';
import type { LoginResult } from '../flows/login.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { toUserSummary } from '../flow-kit/user-views.js';
import type { MfaContext } from '../mfa/mfa-context.js';
import { parseInput } from '../validation/input-schemas.js';
import { amrOf, assertionInput, verifyPasskeyAssertion, type VerifiedAssertion } from './passkey-authentication.js';

const loginInput = z.object(assertionInput);

/**
 * `POST /auth/passkey/login { challengeId, response }`: passwordless sign-in with a discoverable
 * credential. The authenticator must have verified the user (PIN, biometrics): a passkey is then
 * something owned and something known or inherent, two factors, and the session's `amr` is
 * `hwk`/`swk` and `mfa` (NIST SP 800-63B §5.1.8, WebAuthn §6.2.3). Without user verification it is
 * refused here; such a key still serves as the second factor of a password sign-in.
 */
export async function passkeyLogin(m: MfaContext, body: unknown, request: RequestContext = {}): Promise<LoginResult<string>> {
  const now = m.ctx.clock.now();
  await enforceClientLimit(m.ctx, request, now);
  const input = parseInput(loginInput, body);
  let verified: VerifiedAssertion;
  try {
    verified = await verifyPasskeyAssertion(m, input.challengeId, input.response, now);
  } catch (error) {
    m.ctx.emit({ type: 'passkey.login_failed', at: now, clientAddress: request.clientAddress });
    throw error;
  }
  const user = await m.ctx.store.users.findUserById(verified.passkey.userId);
  if (!user || !verified.userVerified) {
    m.ctx.emit({
      type: 'passkey.login_failed',
      at: now,
      userId: verified.passkey.userId,
      clientAddress: request.clientAddress,
      detail: { userVerified: verified.userVerified },
    });
    throw new AuthError('PASSKEY_REJECTED');
  }
  // A disabled account signs in by no method (docs/account.md), a passkey included.
  if (user.disabledAt) throw new AuthError('ACCOUNT_DISABLED');
  if (m.ctx.config.requireEmailVerification && !user.isActive) throw new AuthError('EMAIL_NOT_VERIFIED');
  const amr = [amrOf(verified.passkey), 'mfa'] as const;
  await m.ctx.store.users.recordLogin(user.id, now);
  const pair = await issueTokenPair(m.ctx, user, now, { amr: [...amr] });
  m.ctx.emit({
    type: 'login.succeeded',
    at: now,
    userId: user.id,
    clientAddress: request.clientAddress,
    detail: { method: 'passkey', amr: [...amr] },
  });
  return { ...pair, user: toUserSummary(user) };
}

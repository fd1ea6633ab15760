import QRCode from 'qrcode';
import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import { parseInput } from '../validation/input-schemas.js';
import { clearCodeAttempts, countCodeAttempt } from './code-attempts.js';
import { noticeFactorChange } from './factor-notice.js';
import type { MfaContext } from './mfa-context.js';
import { issueRecoveryCodes } from './recovery-code-flows.js';
import { matchingTimeStep, otpauthUri, TOTP_SECRET_BYTES, toBase32Secret } from './totp-code.js';
import { totpCode } from './totp-code-input.js';

/** `POST /users/me/mfa/totp`: what an authenticator app needs, once. */
export interface TotpEnrollment {
  /** Base32, for typing in by hand. */
  secret: string;
  otpauthUri: string;
  /** The URI as a QR code, an SVG document. */
  qrCodeSvg: string;
}

const confirmInput = z.object({ code: totpCode });

/**
 * Starts setting up an authenticator app: a new 160-bit secret, sealed at rest, pending until a
 * code confirms it. Needs a recent authentication. A confirmed app is never replaced here (409
 * `TOTP_ALREADY_ENABLED`: remove it first); a pending one is.
 */
export async function startTotpEnrollment(m: MfaContext, user: AccessTokenPayload<string>): Promise<TotpEnrollment> {
  m.assertRecent(user);
  const now = m.ctx.clock.now();
  const record = await m.ctx.store.users.findUserById(user.id);
  if (!record) throw new AuthError('USER_NOT_FOUND');
  const existing = await m.ctx.store.totpFactors.findTotpFactor(user.id);
  if (existing?.confirmedAt) throw new AuthError('TOTP_ALREADY_ENABLED');

  const secret = toBase32Secret(m.ctx.random.bytes(TOTP_SECRET_BYTES));
  const secretCiphertext = await m.box.seal(secret, user.id);
  if (!(await m.ctx.store.totpFactors.savePendingTotpFactor({ userId: user.id, secretCiphertext, createdAt: now }))) {
    throw new AuthError('TOTP_ALREADY_ENABLED');
  }
  const uri = otpauthUri(secret, m.issuer, record.email ?? record.username);
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri: uri, qrCodeSvg };
}

/**
 * Confirms the pending app with a code from it, which turns it on, and answers a new set of 10
 * recovery codes (shown once). The confirming code counts as used. Attempts are limited per account.
 */
export async function confirmTotp(
  m: MfaContext,
  userId: string,
  body: unknown,
  request: RequestContext = {},
): Promise<{ recoveryCodes: string[] }> {
  const now = m.ctx.clock.now();
  const { code } = parseInput(confirmInput, body);
  const factor = await m.ctx.store.totpFactors.findTotpFactor(userId);
  if (!factor || factor.confirmedAt) throw new AuthError('TOTP_NOT_PENDING');
  await countCodeAttempt(m.ctx, userId, request, now);
  const step = matchingTimeStep(await m.box.open(factor.secretCiphertext, userId), code, now, m.config.totpDriftSteps);
  if (step === null || !(await m.ctx.store.totpFactors.useTotpStep(userId, step, now, true))) {
    m.ctx.emit({ type: 'mfa.failed', at: now, userId, clientAddress: request.clientAddress, detail: { method: 'totp', step: 'confirm' } });
    throw new AuthError('MFA_CODE_INVALID');
  }
  await clearCodeAttempts(m.ctx, userId);
  const recoveryCodes = await issueRecoveryCodes(m, userId, now);
  m.ctx.emit({ type: 'mfa.totp_enabled', at: now, userId, clientAddress: request.clientAddress });
  noticeFactorChange(m, userId, 'totp-enabled');
  return { recoveryCodes };
}

/**
 * Removes the authenticator app (needs a recent authentication). Recovery codes go too when no
 * passkey is left, since they only stand in for a second factor.
 */
export async function disableTotp(m: MfaContext, user: AccessTokenPayload<string>, request: RequestContext = {}): Promise<void> {
  m.assertRecent(user);
  const now = m.ctx.clock.now();
  if (!(await m.ctx.store.totpFactors.deleteTotpFactor(user.id))) throw new AuthError('TOTP_NOT_FOUND');
  if ((await m.ctx.store.passkeys.listPasskeys(user.id)).length === 0) await m.ctx.store.recoveryCodes.deleteRecoveryCodes(user.id);
  m.ctx.emit({ type: 'mfa.totp_disabled', at: now, userId: user.id, clientAddress: request.clientAddress });
  noticeFactorChange(m, user.id, 'totp-disabled');
}

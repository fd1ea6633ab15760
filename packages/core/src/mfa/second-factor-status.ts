import type { AuthStore } from '../ports/auth-store.js';

/** `GET /users/me/mfa` (CONTRACT §9). */
export interface MfaStatus {
  /** An authenticator app is set up and confirmed. */
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** What second factors the user has; a pending (unconfirmed) app does not count. */
export async function secondFactorStatus(store: AuthStore, userId: string): Promise<MfaStatus> {
  const [factor, passkeys, recoveryCodesLeft] = await Promise.all([
    store.totpFactors.findTotpFactor(userId),
    store.passkeys.listPasskeys(userId),
    store.recoveryCodes.countRecoveryCodes(userId),
  ]);
  return { totp: factor?.confirmedAt != null, passkeys: passkeys.length, recoveryCodesLeft };
}

/** Whether a password (or social) sign-in of this user needs a second step. */
export function hasSecondFactor(status: MfaStatus): boolean {
  return status.totp || status.passkeys > 0;
}

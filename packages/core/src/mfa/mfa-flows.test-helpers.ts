import { createFlowHarness, PASSWORD, type FlowHarness } from '../flows/flow-harness.test-helpers.js';
import type { LoginResult } from '../flows/login.js';
import type { MfaChallenge } from './login-challenge.js';
import { codeForStep, timeStepOf } from './totp-code.js';

export const MFA_KEY = Buffer.alloc(32, 7).toString('base64');

export interface MfaUser {
  h: FlowHarness;
  email: string;
  userId: string;
  secret: string;
  recoveryCodes: string[];
  /** The code of the current step, or of `offset` steps later. */
  code(offset?: number): string;
  /** Signs in with the password; expects a challenge. */
  challenge(): Promise<MfaChallenge>;
}

/** A harness with an MFA key and a registered user who has set up an authenticator app (the clock then moves to the next step). */
export async function userWithTotp(h: FlowHarness = createFlowHarness({ mfa: { encryptionKeys: [MFA_KEY] } })): Promise<MfaUser> {
  const { user } = await h.register();
  const { accessToken } = (await h.auth.login({ email: user.email, password: PASSWORD })) as LoginResult<string>;
  const payload = await h.auth.verifyAccessToken(accessToken);
  const { secret } = await h.auth.mfa.startTotpEnrollment(payload);
  const code = (offset = 0) => codeForStep(secret, timeStepOf(h.clock.now()) + offset);
  const { recoveryCodes } = await h.auth.mfa.confirmTotp(user.id, { code: code() });
  h.clock.advance(30);
  return {
    h,
    email: user.email!,
    userId: user.id,
    secret,
    recoveryCodes,
    code,
    challenge: async () => (await h.auth.signIn({ email: user.email, password: PASSWORD })) as MfaChallenge,
  };
}

import type { FlowContext } from '../flow-kit/flow-context.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import type { MfaConfig } from './mfa-config.js';
import type { SecretBox } from './secret-box.js';

/** What the second-factor flows receive: the flow context, their settings, and the recent-authentication check. */
export interface MfaContext {
  ctx: FlowContext;
  config: MfaConfig;
  box: SecretBox;
  /** The name authenticator apps show (the `issuer` of the otpauth URI). */
  issuer: string;
  /** Throws 403 `REAUTHENTICATION_REQUIRED` unless the token's last full authentication is recent. */
  assertRecent: (user: AccessTokenPayload<string>) => void;
}

/** Attempts at a code per account, like failed logins: the same rule, its own key. */
export const codeAttemptKey = (userId: string) => `mfa:${userId}`;

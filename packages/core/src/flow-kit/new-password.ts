import { assertPasswordAcceptable, type PasswordPolicyInput } from '../validation/password-policy.js';
import type { FlowContext } from './flow-context.js';

/**
 * The checks every new password goes through (registration, reset, change, bootstrap), with this
 * instance's policy and, when configured, its breach corpus: a corpus that cannot be asked is
 * reported through `onBackgroundError` (never with the password) and the password accepted.
 */
export function assertNewPasswordAcceptable(ctx: FlowContext, password: string, account: PasswordPolicyInput): Promise<void> {
  return assertPasswordAcceptable(password, account, ctx.config.passwordPolicy, {
    breaches: ctx.breachedPasswords,
    onBreachCheckFailed: (error) => ctx.onBackgroundError({ operation: 'password-breach-check', error }),
  });
}

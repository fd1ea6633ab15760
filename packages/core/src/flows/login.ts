import { AuthError } from '../errors/auth-error.js';
import type { TokenPair } from '../tokens/token-claims.js';
import { loginInput, parseInput } from '../validation/input-schemas.js';
import type { FlowContext } from './flow-context.js';
import { issueTokenPair } from './issue-token-pair.js';
import { toUserSummary, type UserSummary } from './user-views.js';

export interface LoginResult extends TokenPair {
  user: UserSummary;
}

const WRONG_CREDENTIALS = 'Invalid e-mail or password.';

/**
 * Checks the password against the stored Argon2id hash and starts a new session (rotation family).
 * An unknown e-mail still spends one hash verify and gets the same answer as a wrong password.
 */
export async function login(ctx: FlowContext, body: unknown): Promise<LoginResult> {
  const input = parseInput(loginInput, body);
  const user = await ctx.store.users.findUserByEmail(input.email);
  if (!user) {
    await ctx.hasher.verify(await ctx.dummyPasswordHash(), input.password);
    throw new AuthError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
  }
  if (!(await ctx.hasher.verify(user.passwordHash, input.password))) {
    throw new AuthError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
  }
  // Only after the password matched, so this answer reveals nothing to someone without it.
  if (ctx.config.requireEmailVerification && !user.isActive) {
    throw new AuthError('EMAIL_NOT_VERIFIED', 'Please confirm your e-mail address before logging in.');
  }
  const now = ctx.clock.now();
  if (ctx.hasher.needsRehash(user.passwordHash)) {
    await ctx.store.users.updatePasswordHash(user.id, await ctx.hasher.hash(input.password), now);
  }
  await ctx.store.users.recordLogin(user.id, now);
  const pair = await issueTokenPair(ctx, user, now);
  return { ...pair, user: toUserSummary(user) };
}

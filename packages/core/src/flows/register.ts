import { AuthError } from '../errors/auth-error.js';
import { createOneTimeToken } from '../one-time/one-time-token.js';
import type { UserRecord } from '../ports/user-store.js';
import { randomUuid } from '../random/random-values.js';
import type { TokenPair } from '../tokens/token-claims.js';
import { parseInput, registerInput } from '../validation/input-schemas.js';
import { runInBackground, type FlowContext } from './flow-context.js';
import { issueTokenPair } from './issue-token-pair.js';
import { toPublicUser, type PublicUser } from './user-views.js';

export interface RegisterResult extends TokenPair {
  user: PublicUser;
  message: string;
}

/**
 * Creates an inactive account with no roles, returns a token pair at once (spec §3.1) and mails a
 * confirmation link. Unknown body fields such as `roles` or `isActive` are ignored.
 */
export async function register(ctx: FlowContext, body: unknown): Promise<RegisterResult> {
  const input = parseInput(registerInput, body);
  if (input.password !== input.confirmPassword) {
    throw new AuthError('PASSWORD_MISMATCH', 'Password and confirmPassword do not match.', [
      { path: 'confirmPassword', message: 'confirmPassword must equal password' },
    ]);
  }
  const now = ctx.clock.now();
  const user: UserRecord = {
    id: randomUuid(ctx.random),
    email: input.email,
    username: input.username,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await ctx.hasher.hash(input.password),
    isActive: false,
    roles: [],
    createdAt: now,
    updatedAt: now,
    emailVerifiedAt: null,
    passwordChangedAt: null,
    lastLoginAt: null,
  };
  await ctx.store.users.createUser(user);
  const pair = await issueTokenPair(ctx, user, now);

  runInBackground(ctx, { operation: 'email-verification', userId: user.id }, async () => {
    const { token, tokenHash } = await createOneTimeToken(ctx.random);
    const expiresAt = new Date(now.getTime() + ctx.config.emailVerificationTtl * 1000);
    await ctx.store.oneTimeTokens.saveOneTimeToken({
      tokenHash,
      purpose: 'email-verification',
      userId: user.id,
      createdAt: now,
      expiresAt,
    });
    await ctx.mailer.send({ kind: 'email-verification', to: user.email, firstName: user.firstName, token, expiresAt });
  });

  return {
    user: toPublicUser(user),
    ...pair,
    message: 'Registration successful. Please check your e-mail to confirm your address.',
  };
}

import { AuthError } from '../errors/auth-error.js';
import { createOneTimeToken } from '../one-time/one-time-token.js';
import type { UserRecord } from '../ports/user-store.js';
import { randomUuid } from '../random/random-values.js';
import type { TokenPair } from '../tokens/token-claims.js';
import { parseInput, registerInput } from '../validation/input-schemas.js';
import { assertPasswordAcceptable } from '../validation/password-policy.js';
import { runInBackground, type FlowContext } from './flow-context.js';
import { issueTokenPair } from './issue-token-pair.js';
import { enforceClientLimit, mayMail } from './rate-limits.js';
import { maskEmail, type RequestContext } from './request-context.js';
import { toPublicUser, type PublicUser } from './user-views.js';

export interface RegisterResult extends TokenPair {
  user: PublicUser;
  message: string;
}

/** The answer when `concealRegisteredEmails` is on: the same for a new and a taken address. */
export interface RegisterAccepted {
  message: string;
}

const CONCEALED_ANSWER = 'Registration received. Please check your e-mail to continue.';

function mailConfirmation(ctx: FlowContext, user: UserRecord, now: Date): void {
  runInBackground(ctx, { operation: 'email-verification', userId: user.id }, async () => {
    if (!(await mayMail(ctx, user.email, now))) return;
    const { token, tokenHash } = await createOneTimeToken(ctx.random);
    const expiresAt = new Date(now.getTime() + ctx.config.emailVerificationTtl * 1000);
    await ctx.store.oneTimeTokens.saveOneTimeToken({ tokenHash, purpose: 'email-verification', userId: user.id, createdAt: now, expiresAt });
    await ctx.mailer.send({ kind: 'email-verification', to: user.email, firstName: user.firstName, token, expiresAt });
  });
}

/** With `concealRegisteredEmails`, the owner of a taken address learns of the attempt by mail. */
function mailOwnerOfTakenAddress(ctx: FlowContext, email: string, now: Date): void {
  runInBackground(ctx, { operation: 'account-exists' }, async () => {
    const owner = await ctx.store.users.findUserByEmail(email);
    if (!owner || !(await mayMail(ctx, email, now))) return;
    await ctx.mailer.send({ kind: 'account-exists', to: owner.email, firstName: owner.firstName });
  });
}

/**
 * Creates an inactive account with no roles, returns a token pair at once (spec §3.1) and mails a
 * confirmation link. Unknown body fields such as `roles` or `isActive` are ignored. A taken e-mail
 * or username is `EMAIL_TAKEN` / `USERNAME_TAKEN` (409).
 */
export async function register(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<RegisterResult> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const user = await createAccount(ctx, body, now);
  return finishRegistration(ctx, user, now, request);
}

/**
 * Registration that does not reveal which e-mail addresses exist (`concealRegisteredEmails`): a
 * taken address answers exactly like a new one, and its owner is told by mail instead. No tokens
 * are returned to anyone; the new user confirms the address and logs in. A taken username is still
 * 409: usernames are public by nature.
 */
export async function registerConcealed(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<RegisterAccepted> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  try {
    const user = await createAccount(ctx, body, now);
    await finishRegistration(ctx, user, now, request);
  } catch (error) {
    if (!(error instanceof AuthError) || error.code !== 'EMAIL_TAKEN') throw error;
    // The body passed validation moments ago, so parsing it again only yields the normalized address.
    mailOwnerOfTakenAddress(ctx, parseInput(registerInput, body).email, now);
  }
  return { message: CONCEALED_ANSWER };
}

async function createAccount(ctx: FlowContext, body: unknown, now: Date): Promise<UserRecord> {
  const input = parseInput(registerInput, body);
  if (input.password !== input.confirmPassword) {
    throw new AuthError('PASSWORD_MISMATCH', 'Password and confirmPassword do not match.', [
      { path: 'confirmPassword', message: 'confirmPassword must equal password' },
    ]);
  }
  assertPasswordAcceptable(input.password, input);
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
    tokenVersion: 0,
  };
  await ctx.store.users.createUser(user);
  return user;
}

async function finishRegistration(ctx: FlowContext, user: UserRecord, now: Date, request: RequestContext): Promise<RegisterResult> {
  ctx.emit({ type: 'registered', at: now, userId: user.id, email: maskEmail(user.email), clientAddress: request.clientAddress });
  mailConfirmation(ctx, user, now);
  return {
    user: toPublicUser(user),
    ...(await issueTokenPair(ctx, user, now)),
    message: 'Registration successful. Please check your e-mail to confirm your address.',
  };
}

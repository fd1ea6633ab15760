import { AuthError } from '../errors/auth-error.js';
import { createOneTimeToken } from '../one-time/one-time-token.js';
import type { UserRecord } from '../ports/user-store.js';
import { randomUuid } from '../random/random-values.js';
import type { TokenPair } from '../tokens/token-claims.js';
import { parseInput, registerInput, type RegisterInput } from '../validation/input-schemas.js';
import { runInBackground, type FlowContext } from '../flow-kit/flow-context.js';
import { signTokenPair } from '../flow-kit/issue-token-pair.js';
import { assertNewPasswordAcceptable } from '../flow-kit/new-password.js';
import { enforceClientLimit, mayMail } from '../flow-kit/rate-limits.js';
import { maskEmail, type RequestContext } from '../flow-kit/request-context.js';
import { toPublicUser, type PublicUser } from '../flow-kit/user-views.js';
import type { Role } from '../roles/roles.js';

export interface RegisterResult<R extends string = Role> extends TokenPair {
  user: PublicUser<R>;
  message: string;
}

/** The answer when `concealRegisteredEmails` is on: the same for a new and a taken address. */
export interface RegisterAccepted {
  message: string;
}

const CONCEALED_ANSWER = 'Registration received. Please check your e-mail to continue.';

/** A user who registered with the form, so always with an address. */
type RegisteredUser = UserRecord & { email: string };

async function sendConfirmation(ctx: FlowContext, user: RegisteredUser, now: Date): Promise<void> {
  if (!(await mayMail(ctx, user.email, 'email-verification', now))) return;
  const { token, tokenHash } = await createOneTimeToken(ctx.random);
  const expiresAt = new Date(now.getTime() + ctx.config.emailVerificationTtl * 1000);
  await ctx.store.oneTimeTokens.saveOneTimeToken({ tokenHash, purpose: 'email-verification', userId: user.id, createdAt: now, expiresAt });
  await ctx.mailer.send({ kind: 'email-verification', to: user.email, token, expiresAt });
}

function mailConfirmation(ctx: FlowContext, user: RegisteredUser, now: Date): void {
  runInBackground(ctx, { operation: 'email-verification', userId: user.id }, () => sendConfirmation(ctx, user, now));
}

/** With `concealRegisteredEmails`, the owner of a taken address learns of the attempt by mail. */
async function tellOwnerOfTakenAddress(ctx: FlowContext, email: string, now: Date): Promise<void> {
  const owner = await ctx.store.users.findUserByEmail(email);
  if (!owner || !(await mayMail(ctx, email, 'account-exists', now))) return;
  await ctx.mailer.send({ kind: 'account-exists', to: email, ...(owner.isActive ? { firstName: owner.firstName } : {}) });
}

/**
 * Creates an inactive account with no roles, returns a token pair at once (spec §3.1) and mails a
 * confirmation link. Unknown body fields such as `roles` or `isActive` are ignored. A taken e-mail
 * or username is `EMAIL_TAKEN` / `USERNAME_TAKEN` (409).
 */
export async function register(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<RegisterResult<string>> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const user = await newAccount(ctx, parseInput(registerInput, body), now);
  const { pair, refreshRecord } = await signTokenPair(ctx, user, now, { amr: ['pwd'] }, request);
  // The account and the session its answer hands out are stored in one step: a failure after a
  // separate insert would answer 503 for an account that exists, and a retry would get 409.
  await ctx.store.createUserWithRefreshToken(user, refreshRecord);
  ctx.emit({ type: 'registered', at: now, userId: user.id, email: maskEmail(user.email), clientAddress: request.clientAddress });
  mailConfirmation(ctx, user, now);
  return {
    user: toPublicUser(user),
    ...pair,
    message: 'Registration successful. Please check your e-mail to confirm your address.',
  };
}

/**
 * Registration that does not reveal which e-mail addresses exist (`concealRegisteredEmails`): a
 * taken address answers exactly like a new one, and its owner is told by mail instead. No tokens
 * are returned to anyone; the new user confirms the address and logs in. A taken username is still
 * 409 (usernames are public by nature), decided before the e-mail is looked at, so the answer about
 * a username never depends on the address. Both paths do the same work in the request (validation,
 * the username lookup, one hash); the insert and the mail run after the answer, so a new and a taken
 * address take the same time.
 */
export async function registerConcealed(ctx: FlowContext, body: unknown, request: RequestContext = {}): Promise<RegisterAccepted> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx, request, now);
  const input = parseInput(registerInput, body);
  if (await ctx.store.users.usernameExists(input.username)) throw usernameTaken();
  const user = await newAccount(ctx, input, now);
  // The insert too runs after the answer: whether it succeeds (new address) or fails (taken) must
  // not change what the request does, and a commit takes longer than a refused insert.
  runInBackground(ctx, { operation: 'email-verification' }, async () => {
    try {
      await ctx.store.users.createUser(user);
    } catch (error) {
      if (error instanceof AuthError && error.code === 'EMAIL_TAKEN') return tellOwnerOfTakenAddress(ctx, input.email, now);
      // Taken by a registration that raced the check above: this one simply did not happen.
      if (error instanceof AuthError && error.code === 'USERNAME_TAKEN') return;
      throw error;
    }
    ctx.emit({ type: 'registered', at: now, userId: user.id, email: maskEmail(user.email), clientAddress: request.clientAddress });
    await sendConfirmation(ctx, user, now);
  });
  return { message: CONCEALED_ANSWER };
}

const usernameTaken = () => new AuthError('USERNAME_TAKEN');

/** The account a valid registration body describes, with its password hashed; not stored yet. */
async function newAccount(ctx: FlowContext, input: RegisterInput, now: Date): Promise<RegisteredUser> {
  if (input.password !== input.confirmPassword) {
    throw new AuthError('PASSWORD_MISMATCH', undefined, [{ path: 'confirmPassword', message: 'confirmPassword must equal password' }]);
  }
  await assertNewPasswordAcceptable(ctx, input.password, input);
  const user: RegisteredUser = {
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
  return user;
}

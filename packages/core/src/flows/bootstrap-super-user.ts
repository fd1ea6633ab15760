import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import type { UserRecord } from '../ports/user-store.js';
import { randomUuid } from '../random/random-values.js';
import { LIMITS, newPassword, normalizeEmail, parseInput } from '../validation/input-schemas.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { assertNewPasswordAcceptable } from '../flow-kit/new-password.js';
import { maskEmail } from '../flow-kit/request-context.js';
import { toUserProfile, type UserProfile } from '../flow-kit/user-views.js';

const bootstrapInput = z.object({
  email: z.string().transform(normalizeEmail).pipe(z.email('must be a valid e-mail address').max(LIMITS.emailMax)),
  password: newPassword,
});

/** The names the app reads the credentials from (`ADMIN_EMAIL`, `ADMIN_PASSWORD`), for the start-up error. */
export interface SuperUserSettings {
  email?: string;
  password?: string;
}

/**
 * `VALIDATION_FAILED` as the one sentence an operator reads at start-up, naming the settings to
 * fix (never their values): `INVALID_CONFIG` "Invalid ADMIN_PASSWORD: must be at least 8 characters."
 */
function asSettingError(error: unknown, settings: SuperUserSettings): unknown {
  if (!(error instanceof AuthError) || error.code !== 'VALIDATION_FAILED') return error;
  const names: Record<string, string | undefined> = { ...settings };
  const lines = (error.details ?? []).map((d) => {
    const field = d.path.split('.')[0] ?? '';
    // A detail may start with its field's name ("email must be …"): the setting's name replaces it.
    const message = d.message.startsWith(`${field} `) ? d.message.slice(field.length + 1) : d.message;
    return `${names[field] ?? d.path}: ${message}`;
  });
  return new AuthError('INVALID_CONFIG', `Invalid ${lines.join('; ') || 'bootstrap super user'}.`, error.details);
}

/**
 * Makes sure a verified `super` user with these credentials exists. Meant for start-up, and safe
 * when several instances start at once: the one that loses the race to create the account finds
 * it and leaves it as it is.
 *
 * An existing account that is not yet exactly that (no `super` role, another password, or an
 * unconfirmed address) may have been registered by anyone who guessed the address, so it is taken
 * over the way a password reset does it: every session and pending reset link of the account ends
 * (refresh tokens revoked, token version bumped) before it gets the password and the role. A
 * restart with the same credentials changes nothing and ends no session.
 */
export async function ensureSuperUser(
  ctx: FlowContext,
  credentials: { email: string; password: string },
  settings?: SuperUserSettings,
): Promise<UserProfile<string>> {
  let email: string;
  let password: string;
  try {
    ({ email, password } = parseInput(bootstrapInput, credentials));
    // The most powerful account gets the same bar as everyone's: `password` would make a super.
    await assertNewPasswordAcceptable(ctx, password, { email, username: 'super', firstName: 'Super', lastName: 'Administrator' });
  } catch (error) {
    throw settings ? asSettingError(error, settings) : error;
  }
  const now = ctx.clock.now();
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await ctx.store.users.findUserByEmail(email);
    if (existing) return toUserProfile(await takeOver(ctx, existing, email, password, now));
    const created = await createSuperUser(ctx, email, password, now);
    if (created) {
      ctx.emit({ type: 'super.bootstrapped', at: now, userId: created.id, email: maskEmail(email), detail: { outcome: 'created' } });
      return toUserProfile(created);
    }
    // Another instance created it between our read and our insert: take the existing path.
  }
  throw new AuthError('EMAIL_TAKEN');
}

async function takeOver(ctx: FlowContext, existing: UserRecord, email: string, password: string, now: Date): Promise<UserRecord> {
  // An account from social sign-in may have no password at all: that is a mismatch too.
  const passwordMatches = existing.passwordHash !== null && (await ctx.hasher.verify(existing.passwordHash, password));
  if (passwordMatches && existing.isActive && existing.roles.includes('super')) return existing;
  // Sessions first, role last: no token issued to the previous holder of the account may see `super`.
  if (!passwordMatches) await ctx.store.users.changePassword(existing.id, await ctx.hasher.hash(password), now);
  await ctx.store.refreshTokens.revokeAllRefreshTokens(existing.id, now);
  await ctx.store.oneTimeTokens.revokeOneTimeTokens(existing.id, 'password-reset', now);
  await ctx.store.users.bumpTokenVersion(existing.id, now);
  if (!existing.isActive) await ctx.store.users.markEmailVerified(existing.id, now);
  const roles = existing.roles.includes('super') ? existing.roles : [...existing.roles, 'super' as const];
  const updated = await ctx.store.users.setUserRoles(existing.id, roles, now);
  ctx.emit({
    type: 'super.bootstrapped',
    at: now,
    userId: existing.id,
    email: maskEmail(email),
    detail: { outcome: 'taken-over', sessionsEnded: true },
  });
  return updated ?? existing;
}

/** The new super user, or null when the address was registered meanwhile (another instance). */
async function createSuperUser(ctx: FlowContext, email: string, password: string, now: Date): Promise<UserRecord | null> {
  const passwordHash = await ctx.hasher.hash(password);
  for (const username of ['super', `super-${randomUuid(ctx.random).slice(0, 8)}`]) {
    const user: UserRecord = {
      id: randomUuid(ctx.random),
      email,
      username,
      firstName: 'Super',
      lastName: 'Administrator',
      passwordHash,
      isActive: true,
      roles: ['super'],
      createdAt: now,
      updatedAt: now,
      emailVerifiedAt: now,
      passwordChangedAt: null,
      lastLoginAt: null,
      tokenVersion: 0,
    };
    try {
      await ctx.store.users.createUser(user);
      return user;
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      if (error.code === 'EMAIL_TAKEN') return null;
      if (error.code !== 'USERNAME_TAKEN') throw error;
    }
  }
  throw new AuthError('USERNAME_TAKEN');
}

import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import { randomUuid } from '../random/random-values.js';
import { LIMITS, normalizeEmail, parseInput } from '../validation/input-schemas.js';
import type { FlowContext } from './flow-context.js';
import { toUserProfile, type UserProfile } from './user-views.js';

const bootstrapInput = z.object({
  email: z.string().transform(normalizeEmail).pipe(z.email('must be a valid e-mail address').max(LIMITS.emailMax)),
  password: z.string().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`).max(LIMITS.passwordMax),
});

/**
 * Makes sure a verified `super` user with these credentials exists: creates it, or gives an existing
 * account the role, confirms it and sets the password if it differs. Meant for start-up.
 */
export async function ensureSuperUser(ctx: FlowContext, credentials: { email: string; password: string }): Promise<UserProfile> {
  const { email, password } = parseInput(bootstrapInput, credentials);
  const now = ctx.clock.now();
  const existing = await ctx.store.users.findUserByEmail(email);
  if (existing) {
    if (!(await ctx.hasher.verify(existing.passwordHash, password))) {
      await ctx.store.users.changePassword(existing.id, await ctx.hasher.hash(password), now);
    }
    if (!existing.isActive) await ctx.store.users.markEmailVerified(existing.id, now);
    const roles = existing.roles.includes('super') ? existing.roles : [...existing.roles, 'super' as const];
    const updated = await ctx.store.users.setUserRoles(existing.id, roles, now);
    return toUserProfile(updated ?? existing);
  }
  const passwordHash = await ctx.hasher.hash(password);
  for (const username of ['super', `super-${randomUuid(ctx.random).slice(0, 8)}`]) {
    try {
      await ctx.store.users.createUser({
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
      });
      const created = await ctx.store.users.findUserByEmail(email);
      if (created) return toUserProfile(created);
    } catch (error) {
      if (!(error instanceof AuthError) || error.code !== 'USERNAME_TAKEN') throw error;
    }
  }
  throw new AuthError('USERNAME_TAKEN', 'Could not choose a free username for the super user.');
}

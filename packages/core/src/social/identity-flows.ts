import { AuthError } from '../errors/auth-error.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import type { IdentityRecord } from '../ports/identity-store.js';

/** A linked identity as `GET /users/me/identities` shows it (CONTRACT §8). */
export interface IdentityView {
  provider: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  createdAt: string;
  lastLoginAt: string;
}

const toView = (identity: IdentityRecord): IdentityView => ({
  provider: identity.provider,
  email: identity.email,
  emailVerified: identity.emailVerified,
  displayName: identity.displayName,
  createdAt: identity.createdAt.toISOString(),
  lastLoginAt: identity.lastLoginAt.toISOString(),
});

export async function listIdentities(ctx: FlowContext, userId: string): Promise<{ identities: IdentityView[] }> {
  return { identities: (await ctx.store.identities.listIdentitiesOfUser(userId)).map(toView) };
}

/** Unlinks the user's identity at `provider`: 404 when none, 409 when it is the last way to sign in. */
export async function unlinkIdentity(ctx: FlowContext, userId: string, provider: unknown): Promise<void> {
  if (typeof provider !== 'string' || provider.length === 0 || provider.length > 32) {
    throw new AuthError('IDENTITY_NOT_FOUND');
  }
  const outcome = await ctx.store.identities.unlinkIdentity(userId, provider);
  if (outcome === 'not-linked') throw new AuthError('IDENTITY_NOT_FOUND');
  if (outcome === 'last-sign-in-method') {
    throw new AuthError(
      'LAST_SIGN_IN_METHOD',
      'This is the last way to sign in to the account: set a password or link another provider first.',
    );
  }
  ctx.emit({ type: 'identity.unlinked', at: ctx.clock.now(), userId, detail: { provider } });
}

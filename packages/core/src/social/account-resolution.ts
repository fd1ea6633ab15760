import { AuthError, isAuthError } from '../errors/auth-error.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import type { IdentityRecord } from '../ports/identity-store.js';
import type { UserRecord } from '../ports/user-store.js';
import { randomUuid } from '../random/random-values.js';
import { z } from 'zod';
import { LIMITS } from '../validation/input-schemas.js';
import type { ProviderId, ProviderProfile } from './provider-definition.js';
import { cleanProviderName, usernameBase } from './provider-names.js';
import { sameStoredAddress, storedAddress } from './stored-address.js';

/** Why a callback sends the browser back with `?error=` (CONTRACT §8). */
export type CallbackError = 'access_denied' | 'account_exists' | 'identity_in_use' | 'provider_error';

export type Resolution =
  | { outcome: 'signed-in'; userId: string; isNewUser: boolean; identityId: string }
  | { outcome: 'linked'; userId: string; identityId: string }
  | { outcome: 'refused'; error: CallbackError };

const providerAddress = z.email().max(LIMITS.emailMax);

/**
 * The provider's address as the store compares it (trimmed, lower-cased), if it is a valid one;
 * else none. Not NFKC-folded as typed input is: a look-alike the provider vouches for is another
 * mailbox, and must not link to the local account whose address it resembles.
 */
function validEmail(value: string | null): string | null {
  if (value === null) return null;
  const address = storedAddress(value);
  return address.normalize('NFKC') === address && providerAddress.safeParse(address).success ? address : null;
}

function newIdentity(
  ctx: FlowContext,
  provider: ProviderId,
  profile: ProviderProfile,
  userId: string,
  email: string | null,
  now: Date,
): IdentityRecord {
  return {
    id: randomUuid(ctx.random),
    userId,
    provider,
    issuer: profile.issuer,
    subject: profile.subject,
    email,
    emailVerified: email !== null && profile.emailVerified,
    displayName: cleanProviderName(profile.displayName, 255),
    avatarUrl: profile.avatarUrl && profile.avatarUrl.length <= 2048 && /^https?:\/\//.test(profile.avatarUrl) ? profile.avatarUrl : null,
    createdAt: now,
    lastLoginAt: now,
  };
}

async function createAccount(
  ctx: FlowContext,
  provider: ProviderId,
  profile: ProviderProfile,
  email: string | null,
  now: Date,
): Promise<Resolution> {
  const verified = email !== null && profile.emailVerified;
  // An address the provider did not verify never becomes the account's (docs/social-sign-in.md,
  // "Pre-account takeover"): it stays on the identity, and the owner adds it by confirming it.
  const accountEmail = verified ? email : null;
  const base = usernameBase(profile.preferredUsername ?? profile.displayName, provider);
  // The registration rules, applied to what the provider sent: no CR/LF, bidi overrides, zero-width characters or markup.
  const name = cleanProviderName(profile.displayName) ?? base;
  for (let attempt = 0; attempt < 6; attempt++) {
    const suffix = attempt === 0 ? '' : `_${randomUuid(ctx.random).slice(0, 4)}`;
    const user: UserRecord = {
      id: randomUuid(ctx.random),
      email: accountEmail,
      username: `${base}${suffix}`,
      firstName: name,
      lastName: '',
      passwordHash: null,
      isActive: verified,
      // Social sign-in never grants a role.
      roles: [],
      createdAt: now,
      updatedAt: now,
      emailVerifiedAt: verified ? now : null,
      passwordChangedAt: null,
      lastLoginAt: null,
      tokenVersion: 0,
    };
    const identity = newIdentity(ctx, provider, profile, user.id, email, now);
    try {
      await ctx.store.createUserWithIdentity(user, identity);
      ctx.emit({ type: 'social.registered', at: now, userId: user.id, detail: { provider } });
      return { outcome: 'signed-in', userId: user.id, isNewUser: true, identityId: identity.id };
    } catch (error) {
      if (!isAuthError(error)) throw error;
      if (error.code === 'USERNAME_TAKEN') continue;
      // A parallel sign-in took the address or the identity between our look-up and this insert.
      if (error.code === 'EMAIL_TAKEN') return { outcome: 'refused', error: 'account_exists' };
      if (error.code === 'IDENTITY_IN_USE') return { outcome: 'refused', error: 'identity_in_use' };
      throw error;
    }
  }
  throw new AuthError('USERNAME_TAKEN');
}

/**
 * Finds or creates the local account for a verified provider profile, or links it to the signed-in
 * user who started linking. Linking by e-mail happens only when the provider verified the address
 * and the local account confirmed it; otherwise `account_exists` (sign in, then link explicitly).
 */
export async function resolveAccount(
  ctx: FlowContext,
  provider: ProviderId,
  profile: ProviderProfile,
  linkUserId: string | null,
  now: Date,
): Promise<Resolution> {
  const email = validEmail(profile.email);
  const known = await ctx.store.identities.findIdentity(provider, profile.issuer, profile.subject);
  const freshProfile = {
    email,
    emailVerified: email !== null && profile.emailVerified,
    displayName: cleanProviderName(profile.displayName, 255),
    avatarUrl: newIdentity(ctx, provider, profile, '', email, now).avatarUrl,
  };

  if (linkUserId !== null) {
    if (known && known.userId !== linkUserId) return { outcome: 'refused', error: 'identity_in_use' };
    if (known) {
      await ctx.store.identities.recordIdentityLogin(known.id, freshProfile, now);
      return { outcome: 'linked', userId: linkUserId, identityId: known.id };
    }
    const identity = newIdentity(ctx, provider, profile, linkUserId, email, now);
    try {
      await ctx.store.identities.linkIdentity(identity);
      ctx.emit({ type: 'identity.linked', at: now, userId: linkUserId, detail: { provider } });
      return { outcome: 'linked', userId: linkUserId, identityId: identity.id };
    } catch (error) {
      if (isAuthError(error) && error.code === 'IDENTITY_IN_USE') return { outcome: 'refused', error: 'identity_in_use' };
      throw error;
    }
  }

  if (known) {
    await ctx.store.identities.recordIdentityLogin(known.id, freshProfile, now);
    return { outcome: 'signed-in', userId: known.userId, isNewUser: false, identityId: known.id };
  }

  const owner = email === null ? null : await ctx.store.users.findUserByEmail(email);
  if (owner) {
    // Never through an unverified address: whoever controls the provider account may not own it.
    if (!profile.emailVerified || owner.emailVerifiedAt === null) return { outcome: 'refused', error: 'account_exists' };
    // Nor into an account another identity reaches without having proved this address (an account
    // whose address was added later): the owner signs in and links explicitly.
    const others = await ctx.store.identities.listIdentitiesOfUser(owner.id);
    if (others.some((other) => !other.emailVerified || other.email === null || !sameStoredAddress(other.email, email!))) {
      return { outcome: 'refused', error: 'account_exists' };
    }
    const identity = newIdentity(ctx, provider, profile, owner.id, email, now);
    try {
      await ctx.store.identities.linkIdentity(identity);
    } catch (error) {
      if (isAuthError(error) && error.code === 'IDENTITY_IN_USE') return { outcome: 'refused', error: 'account_exists' };
      throw error;
    }
    ctx.emit({ type: 'identity.linked', at: now, userId: owner.id, detail: { provider, by: 'verified address' } });
    return { outcome: 'signed-in', userId: owner.id, isNewUser: false, identityId: identity.id };
  }
  return createAccount(ctx, provider, profile, email, now);
}

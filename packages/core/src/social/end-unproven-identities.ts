import type { FlowContext } from '../flow-kit/flow-context.js';
import { sameStoredAddress } from './stored-address.js';

/**
 * The takeover rule's second half (docs/social-sign-in.md, "Pre-account takeover"): when someone
 * proves the account's address by mail (a password reset, or the account's confirmation link),
 * every identity whose provider did not vouch for that very address is unlinked. Whoever linked it
 * may not be whoever owns the mailbox: an attacker who signed in through a provider that does not
 * verify addresses, with the victim's address, must not keep a way into what is now the victim's
 * account. The owner links the provider again, signed in. Returns the providers unlinked.
 *
 * An identity that is the account's only way in stays (the store refuses); a password reset leaves
 * a password, so there it always goes.
 */
export async function endUnprovenIdentities(ctx: FlowContext, userId: string, provenAddress: string | null): Promise<string[]> {
  const ended: string[] = [];
  for (const identity of await ctx.store.identities.listIdentitiesOfUser(userId)) {
    const vouches =
      identity.emailVerified && provenAddress !== null && identity.email !== null && sameStoredAddress(identity.email, provenAddress);
    if (vouches) continue;
    if ((await ctx.store.identities.unlinkIdentity(userId, identity.provider)) === 'unlinked') ended.push(identity.provider);
  }
  return ended;
}

import type { FlowContext } from './flow-context.js';

/**
 * Makes the access tokens of these sessions stop working everywhere (their refresh tokens are
 * revoked in the store by the caller): at once on this instance, within a second on the others.
 */
export async function revokeSessionAccess(ctx: FlowContext, sessionIds: readonly string[], at: Date): Promise<void> {
  await ctx.revoke(sessionIds.map((id) => ({ kind: 'session' as const, id, at: at.getTime() })));
}

/**
 * Makes every access token of the user issued until now stop working everywhere (disabled or
 * deleted). Call it after the store committed the change: the clock is read here, after the
 * commit, so a refresh that read the account before the commit signed a token with an `iat` no
 * later than this, and that token is refused too.
 */
export async function revokeUserAccess(ctx: FlowContext, userId: string): Promise<void> {
  await ctx.revoke([{ kind: 'user', id: userId, at: ctx.clock.now().getTime() }]);
}

/**
 * The sessions of a user that are live now, for revoking them one by one: every access token
 * carries its `sid`, so a session revoked this way also refuses a token that a refresh in flight
 * signs after the store's revocation.
 */
export async function liveSessionIds(ctx: FlowContext, userId: string, now: Date): Promise<string[]> {
  return (await ctx.store.sessions.listSessions(userId, now)).map((session) => session.id);
}

import { afterAll, expect, it } from 'vitest';
import { signedIn, signedInAdmin, signedUp, type Session } from './harness/accounts.js';
import type { Answer } from './harness/http-client.js';
import { waitUntil } from './harness/processes.js';
import { claimsOf } from './harness/token-claims.js';
import { answersOf, refusals, type Reach } from './harness/token-reach.js';
import type { ClusterContext } from './contract-across-instances.js';

/** "Within a second" (issue 22): from the revocation's answer to the other instances' first 401. */
const REACH_LIMIT_MS = 1000;
/** The channel the example servers' Redis feed publishes on (`createRedisRevocationFeed`'s default). */
const CHANNEL = 'gatehouse:revocations';
const ALL = [0, 1, 2];

const expectRefusedWithin = (reach: Reach[], what: string) => {
  for (const { pin, refusedAfterMs, last } of reach) {
    expect(refusedAfterMs, `instance ${pin} still answered ${last.status} ${JSON.stringify(last.body)} to ${what}`).toBeDefined();
    expect(refusedAfterMs!, `instance ${pin} took ${Math.round(refusedAfterMs!)} ms to refuse ${what}`).toBeLessThanOrEqual(REACH_LIMIT_MS);
    expect(last.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'TOKEN_INVALID' });
  }
};
const shown = (reach: Reach[]) =>
  reach.map((r) => `instance ${r.pin} ${r.refusedAfterMs === undefined ? 'never' : `${Math.round(r.refusedAfterMs)} ms`}`).join(', ');

/** Ends `session` through instance `pin` with another session of its account (DELETE /users/me/sessions/:id). */
const endSession = (context: ClusterContext, caller: Session, session: Session, pin: number): Promise<Answer> =>
  context.http.send('DELETE', `/api/v1/users/me/sessions/${claimsOf(session.accessToken).sid}`, { bearer: caller.accessToken, pin });

/**
 * Revocation reaches access tokens on every instance (issue 22): each instance keeps a revocation
 * list in memory, fed by Redis pub/sub at once and by the store's record every 500 ms while the feed
 * is down. The token is first accepted everywhere, so each instance has it in its verified-token
 * cache: the refusal must come from the list, not from a store read.
 */
export function revocationAcrossInstances(context: () => ClusterContext): void {
  const figures: string[] = [];
  afterAll(() => {
    if (figures.length > 0) console.log(`revocation across instances:\n  ${figures.join('\n  ')}`);
  });

  it('refuses on every instance within a second the access token of a session ended through another (DELETE /users/me/sessions/:id)', async () => {
    const ctx = context();
    const ended = await signedUp(ctx.http, 'ended', 1);
    const caller = await signedIn(ctx.http, ended.account, 2);
    expect(await answersOf(ctx.http, ended.accessToken, ALL)).toEqual([200, 200, 200]);

    expect((await endSession(ctx, caller, ended, 0)).status).toBe(204);
    const reach = await refusals(ctx.http, ended.accessToken, [1, 2]);
    figures.push(`session ended through instance 0: refused by ${shown(reach)}`);
    expectRefusedWithin(reach, 'the ended session');
    // The caller's own session goes on.
    expect(await answersOf(ctx.http, caller.accessToken, ALL)).toEqual([200, 200, 200]);
  });

  it('refuses on every instance within a second the access token of a session logged out through another', async () => {
    const { http } = context();
    const session = await signedUp(http, 'logout', 0);
    expect(await answersOf(http, session.accessToken, ALL)).toEqual([200, 200, 200]);

    expect((await http.send('POST', '/api/v1/auth/logout', { json: { refreshToken: session.refreshToken }, pin: 1 })).status).toBe(204);
    const reach = await refusals(http, session.accessToken, [0, 2]);
    figures.push(`logout through instance 1: refused by ${shown(reach)}`);
    expectRefusedWithin(reach, 'the logged-out session');
  });

  it('refuses on every instance within a second every access token of an account an administrator disables through another', async () => {
    const { http, cluster } = context();
    const admin = await signedInAdmin(http, cluster.postgres.query);
    const first = await signedUp(http, 'disabled', 0);
    const second = await signedIn(http, first.account, 1);
    expect(await answersOf(http, first.accessToken, ALL)).toEqual([200, 200, 200]);
    expect(await answersOf(http, second.accessToken, ALL)).toEqual([200, 200, 200]);

    const disabled = await http.send('PUT', `/api/v1/users/${first.id}/status`, {
      json: { disabled: true },
      bearer: admin.accessToken,
      pin: 2,
    });
    expect(disabled.status).toBe(200);
    const reach = await Promise.all([refusals(http, first.accessToken, [0, 1]), refusals(http, second.accessToken, [0, 1])]);
    figures.push(`account disabled through instance 2: refused by ${shown(reach.flat())}`);
    expectRefusedWithin(reach.flat(), 'a token of the disabled account');
  });

  it('carries a revocation made while Redis is stopped through the store within a second, and by pub/sub again once Redis is back', async () => {
    const { http, cluster } = context();
    const during = await signedUp(http, 'redisdown', 0);
    const after = await signedIn(http, during.account, 0);
    const caller = await signedIn(http, during.account, 0);
    expect(await answersOf(http, during.accessToken, ALL)).toEqual([200, 200, 200]);
    expect(await answersOf(http, after.accessToken, ALL)).toEqual([200, 200, 200]);
    expect(await cluster.redis.subscribers(CHANNEL)).toBe(3);

    let reachDown: Reach[];
    try {
      await cluster.redis.stop();
      // The feed is down: the instance that revokes records it in the store, the others poll it.
      const ended = await endSession(context(), caller, during, 0);
      expect(ended.status, JSON.stringify(ended.body)).toBe(204);
      reachDown = await refusals(http, during.accessToken, [1, 2]);
    } finally {
      await cluster.redis.start();
    }
    figures.push(`session ended while Redis was stopped: refused by ${shown(reachDown)} (store poll)`);
    expectRefusedWithin(reachDown, 'a session ended while Redis was stopped');

    // ioredis subscribes again by itself after reconnecting (at most 2 s apart, open-rate-limiter.ts).
    const resubscribed = await waitUntil(async () => (await cluster.redis.subscribers(CHANNEL)) === 3, 10_000);
    expect(resubscribed, `${await cluster.redis.subscribers(CHANNEL)} instance(s) subscribed again to ${CHANNEL}`).toBe(true);
    const listener = await cluster.redis.listen(CHANNEL);
    try {
      const sid = claimsOf(after.accessToken).sid;
      expect((await endSession(context(), caller, after, 0)).status).toBe(204);
      const reachUp = await refusals(http, after.accessToken, [1, 2]);
      figures.push(`session ended once Redis was back: refused by ${shown(reachUp)} (pub/sub)`);
      expectRefusedWithin(reachUp, 'a session ended once Redis was back');
      // It went over the channel: the instances' feed publishes again.
      expect(listener.received()).toContain(sid);
    } finally {
      listener.close();
    }
  }, 30_000);
}

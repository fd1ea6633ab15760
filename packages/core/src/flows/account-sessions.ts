import { AuthError } from '../errors/auth-error.js';
import type { SessionRecord } from '../ports/session-store.js';
import { PLAUSIBLE_SESSION_ID } from '../validation/account-inputs.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { maskAddress } from '../flow-kit/mask-address.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { liveSessionIds, revokeSessionAccess } from '../flow-kit/revoke-access.js';
import type { Caller } from '../flow-kit/signed-in-user.js';

/** One entry of `GET /users/me/sessions`. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  userAgent: string | null;
  /** Masked: `203.0.113.*`. */
  ipAddress: string | null;
  /** Whether this is the session of the token that asked. */
  current: boolean;
}

function toSessionView(session: SessionRecord, currentId: string | undefined): SessionView {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    userAgent: session.userAgent,
    ipAddress: maskAddress(session.ipAddress),
    current: session.id === currentId,
  };
}

/** `GET /users/me/sessions`: the caller's live sessions, most recently used first (ASVS 5.0 7.5.2). */
export async function listSessions(ctx: FlowContext, caller: Caller): Promise<{ sessions: SessionView[] }> {
  const sessions = await ctx.store.sessions.listSessions(caller.id, ctx.clock.now());
  return { sessions: sessions.map((session) => toSessionView(session, caller.sid)) };
}

/**
 * `DELETE /users/me/sessions/:id`: ends one of the caller's sessions (its own too: a sign-out).
 * Another user's session, an ended one and an unknown id are all `SESSION_NOT_FOUND` (404): nobody
 * learns which ids exist.
 */
export async function endSession(ctx: FlowContext, caller: Caller, sessionId: string, request: RequestContext = {}): Promise<void> {
  const now = ctx.clock.now();
  if (!PLAUSIBLE_SESSION_ID.test(sessionId)) throw new AuthError('SESSION_NOT_FOUND');
  const session = await ctx.store.sessions.findSession(sessionId, caller.id, now);
  if (!session) throw new AuthError('SESSION_NOT_FOUND');
  await ctx.store.refreshTokens.revokeRefreshTokenFamily(session.id, now);
  await revokeSessionAccess(ctx, [session.id], now);
  ctx.emit({
    type: 'session.revoked',
    at: now,
    userId: caller.id,
    clientAddress: request.clientAddress,
    detail: { sessionId: session.id },
  });
}

/** `DELETE /users/me/sessions`: ends every session of the caller but the one it asks from. */
export async function endOtherSessions(ctx: FlowContext, caller: Caller, request: RequestContext = {}): Promise<void> {
  const now = ctx.clock.now();
  const others = (await liveSessionIds(ctx, caller.id, now)).filter((id) => id !== caller.sid);
  for (const id of others) await ctx.store.refreshTokens.revokeRefreshTokenFamily(id, now);
  await revokeSessionAccess(ctx, others, now);
  ctx.emit({
    type: 'sessions.revoked_others',
    at: now,
    userId: caller.id,
    clientAddress: request.clientAddress,
    detail: { sessionsEnded: others.length },
  });
}

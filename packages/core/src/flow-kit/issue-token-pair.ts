import type { RefreshTokenRecord } from '../ports/refresh-token-store.js';
import type { UserRecord } from '../ports/user-store.js';
import { randomUuid } from '../random/random-values.js';
import type { SessionAuthentication } from '../tokens/authentication-methods.js';
import type { TokenPair } from '../tokens/token-claims.js';
import type { FlowContext } from './flow-context.js';
import type { RequestContext } from './request-context.js';

type TokenOwner = Pick<UserRecord, 'id' | 'email' | 'roles' | 'isActive'> & Partial<Pick<UserRecord, 'tokenVersion'>>;

/** A signed pair and the refresh token's record, which the caller stores before answering. */
export interface SignedTokenPair {
  pair: TokenPair;
  refreshRecord: RefreshTokenRecord;
}

/**
 * Signs an access token and a refresh token for `user` without storing anything. A sign-in passes
 * only how it authenticated (`{ amr: ['pwd'] }`) and starts a new session (rotation family); a
 * refresh passes the session of the token it rotates. Both tokens carry the user's token version;
 * the access token carries the session as `sid`, `auth_time` and `amr` (CONTRACT §9).
 */
export async function signTokenPair(
  ctx: FlowContext,
  user: TokenOwner,
  now: Date,
  session: SessionAuthentication,
  /** The device: its user agent and address are stored with a new session. */
  request: RequestContext = {},
): Promise<SignedTokenPair> {
  const familyId = session.sessionId ?? randomUuid(ctx.random);
  const sessionStartedAt = session.startedAt ?? Math.floor(now.getTime() / 1000);
  const jti = randomUuid(ctx.random);
  const refresh = await ctx.tokens.signRefreshToken(
    { userId: user.id, jti, familyId, tokenVersion: user.tokenVersion ?? 0, sessionStartedAt, amr: session.amr },
    now,
  );
  // A role the store still holds but the app no longer configures stays out of the token, which
  // would otherwise be refused as claiming an unknown role.
  const roles = user.roles.filter(ctx.roles.isRole);
  const authTime = session.authTime ?? sessionStartedAt;
  const access = await ctx.tokens.signAccessToken({ ...user, roles }, now, { sessionId: familyId, authTime, amr: session.amr });
  return {
    pair: { accessToken: access.token, refreshToken: refresh.token },
    refreshRecord: {
      jti,
      familyId,
      userId: user.id,
      issuedAt: new Date(refresh.iat * 1000),
      expiresAt: new Date(refresh.exp * 1000),
      // A sign-in starts a session: the store records it with this first token.
      ...(session.sessionId === undefined
        ? {
            session: {
              authTime: new Date(authTime * 1000),
              amr: [...session.amr],
              userAgent: request.userAgent ?? null,
              ipAddress: request.clientAddress ?? null,
            },
          }
        : {}),
    },
  };
}

/** Signs a token pair for `user` (see `signTokenPair`) and remembers the refresh token. */
export async function issueTokenPair(
  ctx: FlowContext,
  user: TokenOwner,
  now: Date,
  session: SessionAuthentication,
  request: RequestContext = {},
): Promise<TokenPair> {
  const { pair, refreshRecord } = await signTokenPair(ctx, user, now, session, request);
  await ctx.store.refreshTokens.saveRefreshToken(refreshRecord);
  return pair;
}

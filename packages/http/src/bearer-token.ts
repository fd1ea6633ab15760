import { AuthError, type AccessTokenOptions, type AccessTokenPayload, type Auth } from '@gatehousejs/core';

// RFC 6750 §2.1: the scheme is case-insensitive; a JWT never contains spaces or commas.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Extracts the token of an `Authorization: Bearer <token>` header. A missing header is
 * `TOKEN_MISSING`; anything else that is not exactly one bearer token is `AUTHORIZATION_MALFORMED`.
 */
export function readBearerToken(authorization: string | undefined | null): string {
  if (authorization === undefined || authorization === null || authorization.trim() === '') {
    throw new AuthError('TOKEN_MISSING');
  }
  const match = BEARER.exec(authorization.trim());
  if (!match) throw new AuthError('AUTHORIZATION_MALFORMED');
  return match[1]!;
}

const PLAIN_BEARER_PREFIX = 'Bearer ';

/**
 * The guard's shortcut for the common case, without waiting: the payload of the token in
 * `authorization` if the header is exactly `Bearer <token>` and that token is in the verified-token
 * cache (`auth.verifyCachedAccessToken`); `undefined` otherwise, and the guard then runs
 * `readBearerToken` and `auth.verifyAccessToken`, which decide and give the error.
 *
 * It skips `readBearerToken`'s pattern, a third of the guard's cost on a cache hit, and gives the same
 * answer: the cache holds only tokens that verified, which are three base64url parts with no space or
 * comma, so a header that finds one is one `readBearerToken` accepts and reads as that same token.
 * Any other spelling (`bearer`, two spaces, a second credential) is a miss and goes the long way.
 *
 * @example
 * const user = cachedBearerUser(auth, header) ?? (await auth.verifyAccessToken(readBearerToken(header)));
 */
export function cachedBearerUser(
  auth: Pick<Auth<string>, 'verifyCachedAccessToken'>,
  authorization: string | undefined | null,
  options?: AccessTokenOptions,
): AccessTokenPayload<string> | undefined {
  if (typeof authorization !== 'string' || !authorization.startsWith(PLAIN_BEARER_PREFIX)) return undefined;
  return auth.verifyCachedAccessToken(authorization.slice(PLAIN_BEARER_PREFIX.length), options);
}

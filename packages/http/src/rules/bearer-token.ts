import { AuthError } from '@gatehousejs/core';

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

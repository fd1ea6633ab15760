import { AuthError } from '@gatehousejs/core';

// RFC 6750 §2.1: the scheme is case-insensitive and one or more spaces follow it.
const SCHEME = /^bearer +/i;

/**
 * Extracts the token of an `Authorization: Bearer <token>` header. A missing header is
 * `TOKEN_MISSING`; a header that is not one scheme and one token (another scheme, no token, a space
 * or a comma inside it, as two joined headers have) is `AUTHORIZATION_MALFORMED`.
 *
 * The token's characters are the token service's to judge: a token outside RFC 6750's `b64token`
 * can never verify, and §3.1 names a malformed token `invalid_token` (our `TOKEN_INVALID`). Not
 * scanning them here keeps a 500-character token's header read to a few native searches, on every
 * protected request.
 */
export function readBearerToken(authorization: string | undefined | null): string {
  const value = authorization?.trim();
  if (value === undefined || value === '') throw new AuthError('TOKEN_MISSING');
  const scheme = SCHEME.exec(value);
  if (scheme === null) throw new AuthError('AUTHORIZATION_MALFORMED');
  const token = value.slice(scheme[0].length);
  if (token === '' || token.includes(' ') || token.includes(',')) throw new AuthError('AUTHORIZATION_MALFORMED');
  return token;
}

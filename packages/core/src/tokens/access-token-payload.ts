import type { JWTPayload } from 'jose';
import { AuthError } from '../errors/auth-error.js';
import type { AccessTokenPayload } from './token-claims.js';

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 16 && value.every((v) => typeof v === 'string');

/**
 * The payload of a verified access token from its claims, or `TOKEN_INVALID` when a claim has the
 * wrong shape or names a role outside `isRole`. The one mapping both the issuer's guard and a
 * resource service's JWKS guard use, so they agree on every token.
 */
export function toAccessTokenPayload(p: JWTPayload, isRole: (value: unknown) => boolean): AccessTokenPayload<string> {
  const valid =
    typeof p.id === 'string' &&
    p.id === p.sub &&
    (typeof p.email === 'string' || p.email === null) &&
    Array.isArray(p.roles) &&
    p.roles.every(isRole) &&
    (p.ver === undefined || Number.isSafeInteger(p.ver)) &&
    (p.sid === undefined || typeof p.sid === 'string') &&
    (p.auth_time === undefined || Number.isSafeInteger(p.auth_time)) &&
    (p.amr === undefined || isStringArray(p.amr)) &&
    (p.email_verified === undefined || typeof p.email_verified === 'boolean');
  if (!valid) throw new AuthError('TOKEN_INVALID');
  return {
    id: p.id as string,
    sub: p.sub as string,
    email: p.email as string | null,
    roles: [...(p.roles as string[])],
    ver: (p.ver as number | undefined) ?? 0,
    ...(typeof p.sid === 'string' ? { sid: p.sid } : {}),
    ...(p.auth_time === undefined ? {} : { authTime: p.auth_time as number }),
    amr: p.amr === undefined ? [] : [...(p.amr as string[])],
    // Absent (a token of an earlier version): not known to be confirmed.
    emailVerified: p.email_verified === true,
    iat: p.iat as number,
    exp: p.exp as number,
  };
}

import { decodeJwt, type JWTPayload } from 'jose';

/** The claims of an access token the cluster issued, read without verifying (the test holds no key to). */
export interface IssuedClaims extends JWTPayload {
  sub: string;
  sid: string;
  roles: string[];
  exp: number;
  iat: number;
}

export const claimsOf = (accessToken: string): IssuedClaims => decodeJwt(accessToken) as IssuedClaims;

/** Milliseconds until the token expires (negative once it has). */
export const msLeft = (accessToken: string, now = Date.now()): number => claimsOf(accessToken).exp * 1000 - now;

/**
 * The claims of `accessToken` as the issuer would sign them now: a new `iat` and `exp`, so the copy
 * is a token no verifier has seen (and cached) before.
 */
export function reissuedClaims(accessToken: string, lifetimeSeconds: number): JWTPayload {
  const iat = Math.floor(Date.now() / 1000);
  return { ...claimsOf(accessToken), iat, exp: iat + lifetimeSeconds };
}

import type { Role } from '../roles/roles.js';

/** The verified payload of an access token (spec §2.4, CONTRACT §3), exposed as `req.user`. */
export interface AccessTokenPayload<R extends string = Role> {
  /** User id; also present as `sub`. */
  id: string;
  sub: string;
  /** Null for an account without an address (social sign-in through Steam or Battle.net). */
  email: string | null;
  roles: R[];
  /** The user's `tokenVersion` at issue time; checked per request when that option is on. */
  ver: number;
  /**
   * The session (refresh-token family) this token was issued to, claim `sid` as in OpenID Connect.
   * With `checkTokenVersion`, the token is refused once its session is revoked (logout). Absent in
   * tokens of earlier versions.
   */
  sid?: string;
  /**
   * Epoch seconds of the last full authentication of the session (claim `auth_time`, as in OpenID
   * Connect): the sign-in or the last re-authentication, never a refresh. Absent in tokens of
   * earlier versions, which `assertRecentAuthentication` then refuses.
   */
  authTime?: number;
  /**
   * How that authentication was made (claim `amr`, RFC 8176): `pwd`, `fed` (social sign-in), `otp`,
   * `hwk`/`swk`, `mfa`. Empty in tokens of earlier versions.
   */
  amr: string[];
  /**
   * Whether the e-mail address was confirmed at issue time (claim `email_verified`, as in OpenID
   * Connect). With `requireEmailVerification`, the guard refuses a token without `true` here.
   */
  emailVerified: boolean;
  iat: number;
  exp: number;
}

/** The verified payload of a refresh token: whose, which token (`jti`) and which rotation family. */
export interface RefreshTokenPayload {
  sub: string;
  jti: string;
  /** Rotation family id: every token obtained by rotating one login shares it. */
  fam: string;
  /** The user's `tokenVersion` at issue time; absent in tokens of earlier versions. */
  ver?: number;
  /**
   * When the session started (the sign-in), epoch seconds (claim `auth_time`): bounds the session by
   * `sessionMaxLifetime`. Absent in tokens of earlier versions.
   */
  authTime?: number;
  /** The session's `amr` (RFC 8176), handed on to the access tokens a refresh signs. */
  amr?: string[];
  iat: number;
  exp: number;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const REFRESH_TOKEN_TYPE = 'rt+jwt';

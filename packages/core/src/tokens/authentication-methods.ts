/**
 * Authentication method references (RFC 8176 §2) that Gatehouse puts in `amr`: `pwd` a password,
 * `otp` a one-time code (TOTP or a recovery code), `hwk` / `swk` a key bound to hardware or software
 * (a passkey), `mfa` when two factors were used. `fed` (federated: a social sign-in) is not in the
 * RFC's registry; it is the value Microsoft Entra ID and others use, and CONTRACT §9 adopts it.
 */
export const AUTHENTICATION_METHODS = Object.freeze(['pwd', 'fed', 'otp', 'hwk', 'swk', 'mfa'] as const);

/** One `amr` value Gatehouse issues. Tokens are not refused for other strings (another issuer's). */
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

export const isAuthenticationMethod = (value: string): value is AuthenticationMethod =>
  (AUTHENTICATION_METHODS as readonly string[]).includes(value);

/**
 * How a session was authenticated, carried by every access token of it (CONTRACT §9 "Tokens"). A
 * sign-in starts one; a refresh keeps it; only a new full authentication moves `authTime`.
 */
export interface SessionAuthentication {
  /** The session (refresh-token rotation family); a sign-in leaves it out and a new one starts. */
  sessionId?: string;
  /** When the session started, epoch seconds (the sign-in); bounds it by `sessionMaxLifetime`. */
  startedAt?: number;
  /** The last full authentication of the session, epoch seconds (`auth_time`); `startedAt` when absent. */
  authTime?: number;
  /** How that authentication was made (`amr`), e.g. `['pwd']`, `['fed']`, `['pwd', 'otp', 'mfa']`. */
  amr: readonly AuthenticationMethod[];
}

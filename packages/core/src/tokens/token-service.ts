import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { AuthConfig } from '../config/auth-config.js';
import { AuthError } from '../errors/auth-error.js';
import type { Random } from '../ports/random.js';
import { isRole as isSpecRole } from '../roles/roles.js';
import { uniformInt } from '../random/random-values.js';
import { ACCESS_TOKEN_TYPE, REFRESH_TOKEN_TYPE, type AccessTokenPayload, type RefreshTokenPayload } from './token-claims.js';
import { isCanonicalBase64url } from './canonical-base64url.js';
import { createVerifiedTokenCache, parseCacheSize, type VerifiedTokenCache } from './verified-token-cache.js';

const ALGORITHM = 'HS256';

/** Web Crypto's key type, named without relying on the DOM lib. */
type HmacKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

export interface SignedToken {
  token: string;
  iat: number;
  exp: number;
}

export interface TokenService {
  signAccessToken(
    user: { id: string; email: string | null; roles: readonly string[]; tokenVersion?: number; isActive?: boolean },
    now: Date,
    /**
     * The session the token belongs to: `sid` (the refresh-token family), `auth_time` (epoch seconds
     * of its last full authentication) and `amr`.
     */
    session?: { sessionId: string; authTime: number; amr: readonly string[] },
  ): Promise<SignedToken>;
  /**
   * `sessionStartedAt` (epoch seconds, the login) is carried as `auth_time`; the token expires at
   * `sessionStartedAt + sessionMaxLifetime` at the latest, whatever the idle limit says.
   */
  signRefreshToken(
    claims: {
      userId: string;
      jti: string;
      familyId: string;
      tokenVersion?: number;
      sessionStartedAt?: number;
      /** The session's `amr`, so a refresh hands it on. */
      amr?: readonly string[];
    },
    now: Date,
  ): Promise<SignedToken>;
  /** Rejects with `TOKEN_EXPIRED` or `TOKEN_INVALID`. */
  verifyAccessToken(token: string, now: Date): Promise<AccessTokenPayload<string>>;
  /**
   * The payload of `token` if this exact string passed `verifyAccessToken` before and is still
   * inside its validity window at `now`, else `undefined` (always, with the cache off). Synchronous
   * and never throws: a miss says nothing about the token, which then needs `verifyAccessToken`.
   */
  cachedAccessToken(token: string, now: Date): AccessTokenPayload<string> | undefined;
  verifyRefreshToken(token: string, now: Date): Promise<RefreshTokenPayload>;
}

export interface TokenServiceOptions {
  /**
   * Remember up to `maxEntries` access tokens that passed every check, keyed by the exact token
   * string, so verifying one of them again skips the signature and claim checks. `exp` (and `nbf`)
   * are still compared with `now` on every hit. Off when absent or `false`.
   */
  accessTokenCache?: { maxEntries: number } | false;
  /**
   * The configured role set: an access token claiming any other role is `TOKEN_INVALID`. Default:
   * the spec's four roles.
   */
  isRole?: (value: unknown) => boolean;
}

/** A JWS in compact serialization as we sign it: three unpadded base64url parts. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function accessTokenCache(option: TokenServiceOptions['accessTokenCache']): VerifiedTokenCache<AccessTokenPayload<string>> | undefined {
  const maxEntries = parseCacheSize(option);
  return maxEntries === undefined ? undefined : createVerifiedTokenCache(maxEntries);
}

/** A payload the caller may change without changing the cached one. */
const copyPayload = (p: AccessTokenPayload<string>): AccessTokenPayload<string> => ({ ...p, roles: [...p.roles], amr: [...p.amr] });

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 16 && value.every((v) => typeof v === 'string');

async function importHmacKey(secret: string): Promise<HmacKey> {
  // Imported once: jose with a CryptoKey is about twice as fast as with raw bytes per call.
  return globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Signs and verifies the two token kinds. Access and refresh tokens differ in secret and in the `typ`
 * header, so neither can stand in for the other; only HS256 is accepted; expiry is strict
 * (`now >= exp` is expired, no leeway) and `exp` and `iat` are required.
 *
 * With `accessTokenCache`, an access token that passed all of that is remembered under its exact
 * string; a later verification of the same string only compares `exp` with `now`. Nothing else can
 * change the verdict for identical bytes under the same keys, so both paths accept and refuse the
 * same tokens; state such as revocation must be checked after this service, on every request.
 *
 * @example
 * const tokens = createTokenService(config, cryptoRandom, { accessTokenCache: { maxEntries: 10_000 } });
 * const payload = await tokens.verifyAccessToken(bearer, clock.now());
 */
export function createTokenService(
  config: Pick<AuthConfig, 'accessTokenSecret' | 'refreshTokenSecret' | 'accessTokenTtl' | 'refreshTokenTtl' | 'jitterSeconds'> &
    Partial<Pick<AuthConfig, 'sessionMaxLifetime'>>,
  random: Random,
  options: TokenServiceOptions = {},
): TokenService {
  const cache = accessTokenCache(options.accessTokenCache);
  const isRole = options.isRole ?? isSpecRole;
  const accessKey = importHmacKey(config.accessTokenSecret);
  const refreshKey = importHmacKey(config.refreshTokenSecret);

  /** exp = iat + base + jitter; the jitter is drawn once, here, never at validation. */
  const lifetime = (now: Date, baseTtl: number) => {
    const iat = seconds(now);
    return { iat, exp: iat + baseTtl + uniformInt(random, config.jitterSeconds) };
  };

  async function sign(claims: JWTPayload, typ: string, key: Promise<HmacKey>, iat: number, exp: number) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ })
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await key);
  }

  async function verify(token: string, typ: string, key: Promise<HmacKey>, now: Date): Promise<JWTPayload> {
    // Exactly what we sign, before jose sees it: its base64url decoding tolerates a trailing `=` and
    // ignores the spare bits of a last character, either of which would let a changed string pass
    // for the token we issued.
    if (!COMPACT_JWS.test(token) || !token.split('.').every(isCanonicalBase64url)) {
      throw new AuthError('TOKEN_INVALID');
    }
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [ALGORITHM],
        typ,
        currentDate: now,
        clockTolerance: 0,
        requiredClaims: ['iat', 'exp', 'sub'],
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AuthError('TOKEN_EXPIRED');
      throw new AuthError('TOKEN_INVALID');
    }
  }

  function cachedAccessToken(token: string, now: Date): AccessTokenPayload<string> | undefined {
    const hit = cache?.get(token, seconds(now));
    return hit ? copyPayload(hit.payload) : undefined;
  }

  return {
    async signAccessToken(user, now, session) {
      const { iat, exp } = lifetime(now, config.accessTokenTtl);
      const claims = {
        ...(session === undefined ? {} : { sid: session.sessionId, auth_time: session.authTime, amr: [...session.amr] }),
        id: user.id,
        sub: user.id,
        email: user.email,
        roles: [...user.roles],
        ver: user.tokenVersion ?? 0,
        // Not known to be confirmed unless said: `requireEmailVerification` then refuses the token.
        email_verified: user.isActive === true,
      };
      return { token: await sign(claims, ACCESS_TOKEN_TYPE, accessKey, iat, exp), iat, exp };
    },

    async signRefreshToken({ userId, jti, familyId, tokenVersion, sessionStartedAt, amr }, now) {
      const { iat, exp: idleExp } = lifetime(now, config.refreshTokenTtl);
      const authTime = sessionStartedAt ?? iat;
      const exp = config.sessionMaxLifetime === undefined ? idleExp : Math.min(idleExp, authTime + config.sessionMaxLifetime);
      const claims = { sub: userId, jti, fam: familyId, ver: tokenVersion ?? 0, auth_time: authTime, ...(amr ? { amr: [...amr] } : {}) };
      return { token: await sign(claims, REFRESH_TOKEN_TYPE, refreshKey, iat, exp), iat, exp };
    },

    cachedAccessToken,

    async verifyAccessToken(token, now) {
      // Only a token that passed every check below is cached, under its exact string: a token that
      // differs in any byte (payload, header or signature) misses and is verified in full.
      const hit = cachedAccessToken(token, now);
      if (hit) return hit;
      const p = await verify(token, ACCESS_TOKEN_TYPE, accessKey, now);
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
      const payload: AccessTokenPayload<string> = {
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
      cache?.set(token, {
        payload: copyPayload(payload),
        expiresAt: payload.exp,
        notBefore: typeof p.nbf === 'number' ? p.nbf : undefined,
      });
      return payload;
    },

    async verifyRefreshToken(token, now) {
      const p = await verify(token, REFRESH_TOKEN_TYPE, refreshKey, now);
      const valid =
        typeof p.jti === 'string' &&
        typeof p.fam === 'string' &&
        (p.ver === undefined || Number.isSafeInteger(p.ver)) &&
        (p.auth_time === undefined || Number.isSafeInteger(p.auth_time)) &&
        (p.amr === undefined || isStringArray(p.amr));
      if (!valid) throw new AuthError('TOKEN_INVALID');
      return {
        sub: p.sub as string,
        jti: p.jti as string,
        fam: p.fam as string,
        ...(p.ver === undefined ? {} : { ver: p.ver as number }),
        ...(p.auth_time === undefined ? {} : { authTime: p.auth_time as number }),
        ...(p.amr === undefined ? {} : { amr: [...(p.amr as string[])] }),
        iat: p.iat as number,
        exp: p.exp as number,
      };
    },
  };
}

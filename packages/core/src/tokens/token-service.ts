import type { JWTPayload } from 'jose';
import type { AuthConfig } from '../config/auth-config.js';
import { AuthError } from '../errors/auth-error.js';
import { loadKeyRing, type KeyRing, type VerificationKey } from '../keys/key-ring.js';
import type { JsonWebKeySet } from '../keys/public-jwk.js';
import type { Random } from '../ports/random.js';
import { uniformInt } from '../random/random-values.js';
import { createAccessTokenVerifier } from './access-token-verifier.js';
import { signToken, verifyToken } from './jws.js';
import { ACCESS_TOKEN_TYPE, REFRESH_TOKEN_TYPE, type AccessTokenPayload, type RefreshTokenPayload } from './token-claims.js';

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
  /** The public keys access tokens are verified with (`GET /auth/jwks`); `{ keys: [] }` under HS256 alone. */
  jwks(): Promise<JsonWebKeySet>;
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

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 16 && value.every((v) => typeof v === 'string');

/** A deep copy, so a caller cannot change what the next caller gets. */
const copyJwks = (set: JsonWebKeySet): JsonWebKeySet => ({ keys: set.keys.map((key) => ({ ...key })) });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The settings of `AuthConfig` the token service reads. */
export type TokenServiceConfig = Pick<AuthConfig, 'refreshTokenSecret' | 'accessTokenTtl' | 'refreshTokenTtl' | 'jitterSeconds'> &
  Partial<
    Pick<
      AuthConfig,
      | 'accessTokenSecret'
      | 'sessionMaxLifetime'
      | 'accessTokenAlgorithm'
      | 'accessTokenPrivateKey'
      | 'previousAccessTokenKeys'
      | 'previousAccessTokenSecrets'
      | 'issuer'
      | 'audience'
    >
  >;

/** The refresh secret as a key: refresh tokens are HS256 whatever signs access tokens (only the issuer reads them). */
async function refreshSigningKey(secret: string): Promise<VerificationKey> {
  const key = await globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return { kid: 'refresh', alg: 'HS256', key };
}

/** Every algorithm of a configured key, and no other; which one a given token may use is decided by its kid. */
function acceptedAlgorithms(config: TokenServiceConfig): string[] {
  const previous = (config.previousAccessTokenKeys ?? []).map((key) => key.alg);
  const secrets = (config.previousAccessTokenSecrets ?? []).length > 0 ? ['HS256'] : [];
  return [...new Set([config.accessTokenAlgorithm ?? 'HS256', ...previous, ...secrets])];
}

/** Settles `promise` without an unhandled rejection; whoever awaits it still sees the error. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * Signs and verifies the two token kinds. Access and refresh tokens differ in key and in the `typ`
 * header, so neither can stand in for the other. Access tokens are signed with the configured
 * algorithm (HS256 by default) and name their key (`kid`); a token verifies only with the key its
 * `kid` names, under that key's algorithm. Refresh tokens are HS256 with the refresh secret. Expiry
 * is strict (`now >= exp` is expired, no leeway), `exp` and `iat` are required, and an `iat` more
 * than 60 s ahead is refused. With `issuer`/`audience`, tokens carry them and must carry them.
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
export function createTokenService(config: TokenServiceConfig, random: Random, options: TokenServiceOptions = {}): TokenService {
  const ring: Promise<KeyRing> = quiet(
    loadKeyRing({
      accessTokenAlgorithm: config.accessTokenAlgorithm ?? 'HS256',
      accessTokenSecret: config.accessTokenSecret,
      accessTokenPrivateKey: config.accessTokenPrivateKey,
      previousAccessTokenKeys: config.previousAccessTokenKeys ?? [],
      previousAccessTokenSecrets: config.previousAccessTokenSecrets ?? [],
    }),
  );
  const accessKey = quiet(ring.then((r) => r.signing));
  const refreshKey = quiet(refreshSigningKey(config.refreshTokenSecret));
  const access = createAccessTokenVerifier({
    keys: async (header) => (await ring).find(header),
    algorithms: acceptedAlgorithms(config),
    issuer: config.issuer,
    audience: config.audience,
    ...(options.isRole ? { isRole: options.isRole } : {}),
    accessTokenCache: options.accessTokenCache ?? false,
  });

  /** exp = iat + base + jitter; the jitter is drawn once, here, never at validation. */
  const lifetime = (now: Date, baseTtl: number) => {
    const iat = seconds(now);
    return { iat, exp: iat + baseTtl + uniformInt(random, config.jitterSeconds) };
  };

  async function sign(claims: JWTPayload, typ: string, key: Promise<VerificationKey>, iat: number, exp: number) {
    const isAccess = typ === ACCESS_TOKEN_TYPE;
    return signToken(claims, {
      typ,
      key: await key,
      withKid: isAccess,
      iat,
      exp,
      issuer: config.issuer,
      // A refresh token is for the issuer alone: no audience.
      audience: isAccess ? config.audience : undefined,
    });
  }

  async function verify(token: string, typ: string, key: Promise<VerificationKey>, now: Date): Promise<JWTPayload> {
    const refresh = await key;
    return verifyToken(token, { typ, keys: () => refresh.key, algorithms: ['HS256'], now, issuer: config.issuer });
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

    cachedAccessToken: (token, now) => access.cachedAccessToken(token, now),
    verifyAccessToken: (token, now) => access.verifyAccessToken(token, now),
    jwks: async () => copyJwks((await ring).jwks),

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

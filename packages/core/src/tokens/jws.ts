import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { AuthError } from '../errors/auth-error.js';
import type { CryptoKeyLike, VerificationKey } from '../keys/key-ring.js';
import { isCanonicalBase64url } from './canonical-base64url.js';

/**
 * How far in the future a token's `iat` may be and still be accepted: clocks of two well-run hosts
 * differ by far less, and a token "issued" an hour from now was not issued by a working issuer.
 * The same 60 s OpenID Connect libraries allow for an id_token's `iat`.
 */
export const MAX_IAT_SKEW_SECONDS = 60;

/** The protected header as a key lookup sees it. */
export interface TokenHeader {
  alg?: string;
  kid?: string;
  typ?: string;
  [name: string]: unknown;
}

/** Finds the key for a token's header, or `undefined` to refuse it (unknown `kid`, other algorithm). May throw an `AuthError`. */
export type KeyLookup = (header: TokenHeader) => CryptoKeyLike | undefined | Promise<CryptoKeyLike | undefined>;

export interface SignTokenOptions {
  typ: string;
  key: VerificationKey;
  /** Whether the header names the key (`kid`); access tokens do, refresh tokens have one key only. */
  withKid: boolean;
  iat: number;
  exp: number;
  issuer?: string | undefined;
  audience?: string | undefined;
}

export async function signToken(claims: JWTPayload, options: SignTokenOptions): Promise<string> {
  const { key, typ } = options;
  const jwt = new SignJWT(claims)
    .setProtectedHeader(options.withKid ? { alg: key.alg, typ, kid: key.kid } : { alg: key.alg, typ })
    .setIssuedAt(options.iat)
    .setExpirationTime(options.exp);
  if (options.issuer !== undefined) jwt.setIssuer(options.issuer);
  if (options.audience !== undefined) jwt.setAudience(options.audience);
  return jwt.sign(key.key);
}

export interface VerifyTokenOptions {
  typ: string;
  keys: KeyLookup;
  /** The algorithms a header may name; anything else (`none` included) is refused before any key is looked up. */
  algorithms: readonly string[];
  now: Date;
  /** When set, `iss` must be exactly this. */
  issuer?: string | undefined;
  /** When set, `aud` must be (or contain) one of these. */
  audience?: string | readonly string[] | undefined;
}

/** A JWS in compact serialization as we sign it: three unpadded base64url parts. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Verifies a token's form, signature, `typ`, `iss`/`aud` when configured, strict expiry (`now >=
 * exp` is expired, no leeway), `iat` at most `MAX_IAT_SKEW_SECONDS` ahead, and that `iat`, `exp` and
 * `sub` are present. Rejects with `TOKEN_EXPIRED`, `TOKEN_INVALID`, or an `AuthError` the lookup threw.
 */
export async function verifyToken(token: string, options: VerifyTokenOptions): Promise<JWTPayload> {
  // Exactly what we sign, before jose sees it: its base64url decoding tolerates a trailing `=` and
  // ignores the spare bits of a last character, either of which would let a changed string pass
  // for the token we issued.
  if (!COMPACT_JWS.test(token) || !token.split('.').every(isCanonicalBase64url)) {
    throw new AuthError('TOKEN_INVALID');
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      async (header) => {
        const key = await options.keys(header as TokenHeader);
        if (key === undefined) throw new AuthError('TOKEN_INVALID');
        return key;
      },
      {
        algorithms: [...options.algorithms],
        typ: options.typ,
        currentDate: options.now,
        clockTolerance: 0,
        requiredClaims: ['iat', 'exp', 'sub'],
        ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
        ...(options.audience === undefined ? {} : { audience: [options.audience].flat() }),
      },
    ));
  } catch (error) {
    if (error instanceof AuthError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AuthError('TOKEN_EXPIRED');
    throw new AuthError('TOKEN_INVALID');
  }
  if ((payload.iat as number) > Math.floor(options.now.getTime() / 1000) + MAX_IAT_SKEW_SECONDS) throw new AuthError('TOKEN_INVALID');
  return payload;
}

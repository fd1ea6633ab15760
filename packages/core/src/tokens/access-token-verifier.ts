import { isRole as isSpecRole } from '../roles/roles.js';
import { toAccessTokenPayload } from './access-token-payload.js';
import { verifyToken, type KeyLookup } from './jws.js';
import { ACCESS_TOKEN_TYPE, type AccessTokenPayload } from './token-claims.js';
import { createVerifiedTokenCache, parseCacheSize } from './verified-token-cache.js';

export interface AccessTokenVerifierOptions {
  /** The key for a token's header (`kid`, `alg`), or `undefined` to refuse the token. */
  keys: KeyLookup;
  /** The algorithms a token may be signed with; `none` and anything else are refused. */
  algorithms: readonly string[];
  /** When set, tokens must carry exactly this `iss`. */
  issuer?: string | undefined;
  /** When set, tokens must carry this `aud` (or one of these). */
  audience?: string | readonly string[] | undefined;
  /** The role set; a token claiming any other role is `TOKEN_INVALID`. Default: the spec's four. */
  isRole?: (value: unknown) => boolean;
  /** Remember up to `maxEntries` verified tokens by their exact string (see `TokenServiceOptions`). Off by default. */
  accessTokenCache?: { maxEntries: number } | false;
}

export interface AccessTokenVerifier {
  /** Rejects with `TOKEN_EXPIRED`, `TOKEN_INVALID`, or what `keys` throws (a key set that cannot be fetched). */
  verifyAccessToken(token: string, now: Date): Promise<AccessTokenPayload<string>>;
  /** The payload of a token verified before and still valid at `now`, else `undefined`. Never throws. */
  cachedAccessToken(token: string, now: Date): AccessTokenPayload<string> | undefined;
}

/** A payload the caller may change without changing the cached one. */
const copyPayload = (p: AccessTokenPayload<string>): AccessTokenPayload<string> => ({ ...p, roles: [...p.roles], amr: [...p.amr] });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Verifies Gatehouse access tokens with the keys `keys` finds: the issuer's own key ring, or a
 * resource service's remote JWKS. Every check is the issuer's: form, signature, `typ: at+jwt`,
 * the algorithm bound to the key, `iss`/`aud`, strict `exp`, `iat` skew, and the claims' shapes.
 *
 * @example
 * const verifier = createAccessTokenVerifier({ keys: (header) => myKeys.get(header.kid), algorithms: ['EdDSA'] });
 * const user = await verifier.verifyAccessToken(bearer, new Date());
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const maxEntries = parseCacheSize(options.accessTokenCache);
  const cache = maxEntries === undefined ? undefined : createVerifiedTokenCache<AccessTokenPayload<string>>(maxEntries);
  const isRole = options.isRole ?? isSpecRole;
  const algorithms = Object.freeze([...options.algorithms]);

  function cachedAccessToken(token: string, now: Date): AccessTokenPayload<string> | undefined {
    const hit = cache?.get(token, seconds(now));
    return hit ? copyPayload(hit.payload) : undefined;
  }

  return {
    cachedAccessToken,
    async verifyAccessToken(token, now) {
      // Only a token that passed every check below is cached, under its exact string: a token that
      // differs in any byte (payload, header or signature) misses and is verified in full.
      const hit = cachedAccessToken(token, now);
      if (hit) return hit;
      const claims = await verifyToken(token, {
        typ: ACCESS_TOKEN_TYPE,
        keys: options.keys,
        algorithms,
        now,
        issuer: options.issuer,
        audience: options.audience,
      });
      const payload = toAccessTokenPayload(claims, isRole);
      cache?.set(token, {
        payload: copyPayload(payload),
        expiresAt: payload.exp,
        notBefore: typeof claims.nbf === 'number' ? claims.nbf : undefined,
      });
      return payload;
    },
  };
}

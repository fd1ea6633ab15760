import {
  AuthError,
  createAccessTokenVerifier,
  createRolePolicy,
  type AccessTokenPayload,
  type KeyLookup,
  type Role,
  type RoleHierarchy,
  type RolePolicy,
  type SpecRole,
} from '@gatehousejs/core';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, type JWSHeaderParameters } from 'jose';

/** The algorithms a JWKS can hold keys for; HS256 secrets are never published, so never accepted here. */
export type PublicKeyAlgorithm = 'EdDSA' | 'ES256' | 'RS256';

export interface JwksVerifierOptions<R extends string = SpecRole> {
  /** The issuer's key set, e.g. `https://auth.example.com/api/v1/auth/jwks`. */
  jwksUrl: string | URL;
  /** The issuer's `JWT_ISSUER`: tokens must carry exactly this `iss`. Strongly advised. */
  issuer?: string;
  /** This service's name in the issuer's `JWT_AUDIENCE`: tokens must carry it in `aud`. Strongly advised. */
  audience?: string | readonly string[];
  /** The algorithms the issuer signs with; default all three. Narrow it to the one you use. */
  algorithms?: readonly PublicKeyAlgorithm[];
  /** The issuer's role set; a token claiming another role is refused. Default: the spec's four. */
  roles?: readonly R[];
  /** The issuer's `roleHierarchy`, for `roles(…)` on a guard built from this verifier. Default none. */
  roleHierarchy?: RoleHierarchy<R>;
  /**
   * Refuse tokens of accounts whose address is not confirmed (`EMAIL_NOT_VERIFIED`, 403), as the
   * issuer does under `requireEmailVerification`; routes marked `unconfirmedAllowed` still take them.
   * Default false: set it as the issuer has it.
   */
  requireEmailVerification?: boolean;
  /** How long one fetch of the key set may take (default 3000 ms); then `KEYS_UNAVAILABLE`. */
  timeoutMs?: number;
  /** The least time between two fetches, also for unknown kids (default 30 000 ms, jose's). */
  cooldownMs?: number;
  /** How long a fetched key set is used before it is fetched again (default 600 000 ms, jose's). */
  cacheMaxAgeMs?: number;
  /** Verified tokens remembered by their exact string (default 10 000; `false` turns it off). */
  accessTokenCache?: { maxEntries: number } | false;
  /** The clock tokens are checked against (default the system clock). */
  now?: () => Date;
}

export interface JwksVerifier<R extends string = Role> {
  /**
   * The token's payload, as `auth.verifyAccessToken` of the issuer would give it. Rejects with an
   * `AuthError`: `TOKEN_INVALID` / `TOKEN_EXPIRED` (401), or `KEYS_UNAVAILABLE` (503, Retry-After)
   * when the key the token names is not cached and the key set cannot be fetched.
   */
  verifyAccessToken(token: string, options?: { allowUnconfirmed?: boolean }): Promise<AccessTokenPayload<R>>;
  /** The issuer's role set and hierarchy, as configured here: what a guard's `roles(…)` applies. */
  readonly roles: RolePolicy<R>;
}

const DEFAULT_ALGORITHMS: readonly PublicKeyAlgorithm[] = ['EdDSA', 'ES256', 'RS256'];

/**
 * The issuer's role set as a guard checks it. A resource service may know a part of the set only
 * (e.g. `['reader']`): tokens claiming any other role are refused, so `super`, which `createRolePolicy`
 * insists on for an issuer, is added to the hierarchy check alone and never admitted.
 */
function rolePolicy<R extends string>(options: JwksVerifierOptions<R>): RolePolicy<R> {
  const given = options.roles;
  if (!given) return createRolePolicy<R>({ roleHierarchy: options.roleHierarchy });
  const withSuper = (given as readonly string[]).includes('super') ? given : [...given, 'super' as R];
  const policy = createRolePolicy<R>({ roles: withSuper, roleHierarchy: options.roleHierarchy });
  const known = new Set<unknown>(given);
  const all = Object.freeze([...given]);
  return { ...policy, all, isRole: (value: unknown): value is R => known.has(value) };
}

/** Whether jose could not get the key set (network, timeout, non-200, not JSON) rather than found no key in it. */
const isFetchFailure = (error: unknown) =>
  !(error instanceof joseErrors.JWKSNoMatchingKey) &&
  !(error instanceof joseErrors.JWKSMultipleMatchingKeys) &&
  !(error instanceof AuthError);

// The default is the spec's four, not `Role`: `Role` reads the registered verifier's type, which is
// this function's return type (a circular default, as for `createAuth`).
/**
 * Verifies Gatehouse access tokens in a service that holds no database, no secret and no way to
 * mint a token: the keys come from the issuer's JWKS (jose's remote key set: fetched on first
 * use, cached, fetched again after `cacheMaxAgeMs` or on an unknown kid, at most once per
 * `cooldownMs`). Every check is the issuer's own (`typ`, the algorithm bound to the key, `iss`,
 * `aud`, strict `exp`, `iat` skew, claim shapes, roles). When the key set cannot be fetched, a
 * token whose key was fetched before still verifies with it; any other token gets `KEYS_UNAVAILABLE`.
 *
 * @example
 * const verifier = createJwksVerifier({
 *   jwksUrl: 'https://auth.example.com/api/v1/auth/jwks',
 *   issuer: 'https://auth.example.com',
 *   audience: 'orders-api',
 *   algorithms: ['EdDSA'],
 * });
 * const user = await verifier.verifyAccessToken(bearerToken);
 */
export function createJwksVerifier<const R extends string = SpecRole>(options: JwksVerifierOptions<R>): JwksVerifier<R> {
  const url = new URL(options.jwksUrl);
  const cooldownMs = options.cooldownMs ?? 30_000;
  const remote = createRemoteJWKSet(url, {
    timeoutDuration: options.timeoutMs ?? 3000,
    cooldownDuration: cooldownMs,
    cacheMaxAge: options.cacheMaxAgeMs ?? 600_000,
  });
  const roles = rolePolicy(options);
  /** When fetching last failed: for `cooldownMs` after, no request waits for another attempt. */
  let failedAt: number | undefined;

  async function lastFetched(header: JWSHeaderParameters, cause: unknown) {
    // Stale if error: the last key set fetched still vouches for the keys it held.
    const last = remote.jwks();
    if (last) {
      try {
        return await createLocalJWKSet(last)(header);
      } catch {
        // Not in the last set either: this token cannot be checked now.
      }
    }
    throw new AuthError('KEYS_UNAVAILABLE', undefined, undefined, { cause });
  }

  const keys: KeyLookup = async (header) => {
    const jose = header as JWSHeaderParameters;
    if (failedAt !== undefined && Date.now() - failedAt < cooldownMs) return lastFetched(jose, 'the key set could not be fetched recently');
    try {
      const key = await remote(jose);
      failedAt = undefined;
      return key;
    } catch (error) {
      if (!isFetchFailure(error)) return undefined;
      failedAt = Date.now();
      return lastFetched(jose, error);
    }
  };
  const verifier = createAccessTokenVerifier({
    keys,
    algorithms: options.algorithms ?? DEFAULT_ALGORITHMS,
    issuer: options.issuer,
    audience: options.audience,
    isRole: roles.isRole,
    accessTokenCache: options.accessTokenCache ?? { maxEntries: 10_000 },
  });
  const now = options.now ?? (() => new Date());
  /** `requireEmailVerification` is on, the route does not allow it, and the token predates the confirmation. */
  const refusedUnconfirmed = (payload: AccessTokenPayload<string>, verifyOptions: { allowUnconfirmed?: boolean } | undefined) =>
    options.requireEmailVerification === true && !payload.emailVerified && verifyOptions?.allowUnconfirmed !== true;

  async function verifyInFull(token: string, at: Date, verifyOptions: { allowUnconfirmed?: boolean } | undefined) {
    const payload = (await verifier.verifyAccessToken(token, at)) as AccessTokenPayload<R>;
    if (refusedUnconfirmed(payload, verifyOptions)) throw new AuthError('EMAIL_NOT_VERIFIED');
    return payload;
  }

  return {
    roles,
    verifyAccessToken(token, verifyOptions) {
      // A token this verifier passed before and that is still valid (the cache checks exp and nbf;
      // iss, aud, signature and roles were checked before it was cached, and are the same for this
      // exact string): one lookup answered in one settled promise, as the issuer's guard answers it
      // (core's verify-access-token flow). Two nested async functions here cost about 90 ns more a
      // call than the issuer's guard (bench/src/cached-token-verify.mjs).
      const at = now();
      const hit = verifier.cachedAccessToken(token, at) as AccessTokenPayload<R> | undefined;
      if (hit === undefined) return verifyInFull(token, at, verifyOptions);
      return refusedUnconfirmed(hit, verifyOptions) ? Promise.reject(new AuthError('EMAIL_NOT_VERIFIED')) : Promise.resolve(hit);
    },
  };
}

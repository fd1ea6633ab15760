import type { AsymmetricAlgorithm } from './signing-algorithm.js';

/** A public key as the JWKS endpoint publishes it (RFC 7517 §4): never a private member, never a secret. */
export interface PublicJwk {
  kty: 'OKP' | 'EC' | 'RSA';
  kid: string;
  alg: AsymmetricAlgorithm;
  use: 'sig';
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
}

/** `GET /auth/jwks`: the keys a verifier may check access tokens with. */
export interface JsonWebKeySet {
  keys: PublicJwk[];
}

/** The public members of each key type (RFC 7518 §6.2.1, §6.3.1; RFC 8037 §2): the only ones copied. */
const PUBLIC_MEMBERS = { OKP: ['crv', 'x'], EC: ['crv', 'x', 'y'], RSA: ['n', 'e'] } as const;

/**
 * The public half of `jwk`, built by copying the public members of its type and nothing else, so a
 * private member (`d`, `p`, `q`, `dp`, `dq`, `qi`) or one added by a future library cannot leak.
 */
export function toPublicJwk(jwk: Readonly<Record<string, unknown>>, kid: string, alg: AsymmetricAlgorithm): PublicJwk {
  const kty = jwk.kty as PublicJwk['kty'];
  const members = PUBLIC_MEMBERS[kty];
  if (!members) throw new TypeError('not an asymmetric key');
  const out: PublicJwk = { kty, kid, alg, use: 'sig' };
  for (const name of members) {
    const value = jwk[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/** The algorithms access tokens can be signed with. Refresh tokens are always HS256 (only the issuer reads them). */
export const SIGNING_ALGORITHMS = ['HS256', 'EdDSA', 'ES256', 'RS256'] as const;

export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** The asymmetric ones: a key pair whose public half can be published in the JWKS. */
export type AsymmetricAlgorithm = Exclude<SigningAlgorithm, 'HS256'>;

/** The one key type each asymmetric algorithm takes, so a key can never be read under another algorithm. */
export type AsymmetricKeyType = 'Ed25519' | 'P-256' | 'RSA';

export const KEY_TYPE_OF: Readonly<Record<AsymmetricAlgorithm, AsymmetricKeyType>> = Object.freeze({
  EdDSA: 'Ed25519',
  ES256: 'P-256',
  RS256: 'RSA',
});

export const ALGORITHM_OF: Readonly<Record<AsymmetricKeyType, AsymmetricAlgorithm>> = Object.freeze({
  Ed25519: 'EdDSA',
  'P-256': 'ES256',
  RSA: 'RS256',
});

/** NIST SP 800-131A and RFC 7518 §3.3: RSA keys below 2048 bits are refused. */
export const MIN_RSA_BITS = 2048;

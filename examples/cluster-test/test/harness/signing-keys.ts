import { calculateJwkThumbprint, exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

/** An Ed25519 key pair of the test's own, in the forms the cluster's settings take. */
export interface SigningKey {
  /** The RFC 7638 thumbprint: the `kid` the issuer gives it (docs/keys.md, "Key ids"). */
  readonly kid: string;
  /** The private JWK as one line of JSON: a value for `JWT_PRIVATE_KEY` or `JWT_PREVIOUS_KEYS`. */
  readonly privateJwk: string;
  /** The public JWK, as the issuer's JWKS lists it. */
  readonly publicJwk: JWK;
  /** The public key as SPKI PEM: what an attacker tries as an HS256 secret. */
  readonly publicPem: string;
  /** Signs `payload` as an access token (`typ: at+jwt`), naming `kid` (this key's unless told). */
  sign(payload: JWTPayload, kid?: string): Promise<string>;
}

/** A fresh Ed25519 key, as `gatehouse keys generate --alg EdDSA` would make one. */
export async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateJwk: JSON.stringify(await exportJWK(privateKey)),
    publicJwk,
    publicPem: await exportSPKI(publicKey),
    sign: (payload, named = kid) => new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: named }).sign(privateKey),
  };
}

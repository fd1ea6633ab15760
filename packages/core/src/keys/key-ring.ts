import { calculateJwkThumbprint, exportJWK, importJWK, importPKCS8, importSPKI, type JWK } from 'jose';
import { AuthError } from '../errors/auth-error.js';
import type { KeyInput } from './key-input.js';
import { toPublicJwk, type JsonWebKeySet, type PublicJwk } from './public-jwk.js';
import type { SigningAlgorithm } from './signing-algorithm.js';

/** Web Crypto's key type, named without relying on the DOM lib. */
export type CryptoKeyLike = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/** A key a token may name by `kid`, bound to the one algorithm it may be used with. */
export interface VerificationKey {
  readonly kid: string;
  readonly alg: SigningAlgorithm;
  readonly key: CryptoKeyLike;
}

/** The signing key and every key that still verifies, by `kid`. */
export interface KeyRing {
  readonly signing: VerificationKey;
  /**
   * The key for a token's header, or `undefined`: an unknown `kid`, or a `kid` whose key is bound
   * to another algorithm (so a public key can never be used as an HMAC secret). A header without
   * `kid` only finds the current HS256 secret, as tokens issued before kids were added had none.
   */
  find(header: { kid?: unknown; alg?: unknown }): CryptoKeyLike | undefined;
  /** The public keys of the ring (no HS256 secret ever), current first. */
  readonly jwks: JsonWebKeySet;
}

export interface KeyRingSettings {
  accessTokenAlgorithm: SigningAlgorithm;
  accessTokenSecret?: string | undefined;
  accessTokenPrivateKey?: KeyInput | undefined;
  previousAccessTokenKeys?: readonly KeyInput[];
  previousAccessTokenSecrets?: readonly string[];
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function hmacKey(secret: string): Promise<VerificationKey> {
  // Imported once: jose with a CryptoKey is about twice as fast as with raw bytes per call.
  const key = await globalThis.crypto.subtle.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // RFC 7638 over the oct key: names the secret without revealing more than a signature already does.
  const kid = await calculateJwkThumbprint({ kty: 'oct', k: base64url(utf8(secret)) });
  return { kid, alg: 'HS256', key };
}

/** Both halves as jose keys, and the public JWK with its `kid` (named by the JWK, else its thumbprint). */
async function asymmetricKey(input: KeyInput): Promise<{ verify: VerificationKey; sign?: CryptoKeyLike; jwk: PublicJwk }> {
  const { alg } = input;
  let jwk: JWK;
  let sign: CryptoKeyLike | undefined;
  if (input.format === 'pem') {
    const key = input.isPrivate
      ? await importPKCS8(input.pem, alg, { extractable: true })
      : await importSPKI(input.pem, alg, { extractable: true });
    jwk = await exportJWK(key);
    if (input.isPrivate) sign = key;
  } else {
    jwk = { ...(input.jwk as JWK) };
    if (input.isPrivate) sign = (await importJWK({ ...jwk, alg, ext: false }, alg)) as CryptoKeyLike;
  }
  const named = input.format === 'jwk' ? input.jwk.kid : undefined;
  const kid = typeof named === 'string' ? named : await calculateJwkThumbprint(jwk);
  const publicJwk = toPublicJwk(jwk as Record<string, unknown>, kid, alg);
  const verifyKey = (await importJWK({ ...publicJwk, ext: false }, alg)) as CryptoKeyLike;
  return { verify: { kid, alg, key: verifyKey }, ...(sign ? { sign } : {}), jwk: publicJwk };
}

/**
 * Imports the configured keys once. The structure of each was checked when the configuration was
 * parsed; what only Web Crypto can tell (a point not on its curve) fails here with `INVALID_CONFIG`.
 */
export async function loadKeyRing(settings: KeyRingSettings): Promise<KeyRing> {
  const byKid = new Map<string, VerificationKey>();
  const jwks: JsonWebKeySet = { keys: [] };
  const add = (key: VerificationKey, setting: string) => {
    const known = byKid.get(key.kid);
    if (known && known.alg !== key.alg) throw new AuthError('INVALID_CONFIG', `${setting}: two keys share the kid "${key.kid}"`);
    if (!known) byKid.set(key.kid, key);
    return !known;
  };
  let setting = 'accessTokenSecret';
  let signing: VerificationKey;
  try {
    if (settings.accessTokenAlgorithm === 'HS256') {
      if (settings.accessTokenSecret === undefined) throw new AuthError('INVALID_CONFIG', 'accessTokenSecret is required with HS256');
      signing = await hmacKey(settings.accessTokenSecret);
      add(signing, setting);
    } else {
      setting = 'accessTokenPrivateKey';
      const input = settings.accessTokenPrivateKey;
      if (!input) throw new AuthError('INVALID_CONFIG', `accessTokenPrivateKey is required with ${settings.accessTokenAlgorithm}`);
      const current = await asymmetricKey(input);
      signing = { kid: current.verify.kid, alg: current.verify.alg, key: current.sign! };
      add(current.verify, setting);
      jwks.keys.push(current.jwk);
    }
    setting = 'previousAccessTokenKeys';
    for (const input of settings.previousAccessTokenKeys ?? []) {
      const previous = await asymmetricKey(input);
      if (add(previous.verify, setting)) jwks.keys.push(previous.jwk);
    }
    setting = 'previousAccessTokenSecrets';
    for (const secret of settings.previousAccessTokenSecrets ?? []) add(await hmacKey(secret), setting);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // Never the key itself: only which setting holds a key Web Crypto refused (a point off its curve, say).
    throw new AuthError(
      'INVALID_CONFIG',
      `${setting} holds a key that could not be imported (not a valid key of its type)`,
      [{ path: setting, message: 'holds a key that could not be imported (not a valid key of its type)' }],
      { cause: error },
    );
  }
  const hs256Current = signing.alg === 'HS256' ? signing.key : undefined;
  return Object.freeze({
    signing,
    jwks: Object.freeze(jwks),
    find(header: { kid?: unknown; alg?: unknown }) {
      if (header.kid === undefined) return header.alg === 'HS256' ? hs256Current : undefined;
      if (typeof header.kid !== 'string') return undefined;
      const key = byKid.get(header.kid);
      return key && key.alg === header.alg ? key.key : undefined;
    },
  });
}

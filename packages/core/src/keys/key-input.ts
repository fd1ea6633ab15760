import { readDerKeyInfo } from './der-key-info.js';
import { ALGORITHM_OF, MIN_RSA_BITS, type AsymmetricAlgorithm, type AsymmetricKeyType } from './signing-algorithm.js';

/** A JSON Web Key as written by a user (RFC 7517): members are checked before use. */
export type JwkInput = Readonly<Record<string, unknown>>;

/**
 * One asymmetric key as configured, checked for its structure and bound to the one algorithm its
 * type allows. `isPrivate`: the private half was given (a public half can only verify).
 */
export type KeyInput =
  | { readonly format: 'pem'; readonly pem: string; readonly isPrivate: boolean; readonly alg: AsymmetricAlgorithm }
  | { readonly format: 'jwk'; readonly jwk: JwkInput; readonly isPrivate: boolean; readonly alg: AsymmetricAlgorithm };

/** A reason a key cannot be used, phrased to follow the setting's name; never contains key material. */
export class KeyInputError extends Error {}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** 32 bytes in unpadded base64url: Ed25519 and P-256 coordinates and private scalars. */
const B64URL_32_BYTES = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

const PEM_ADVICE: Readonly<Record<string, string>> = {
  'RSA PRIVATE KEY': 'is a PKCS#1 key: convert it to PKCS#8 (-----BEGIN PRIVATE KEY-----) with `openssl pkcs8 -topk8 -nocrypt`',
  'EC PRIVATE KEY': 'is a SEC 1 key: convert it to PKCS#8 (-----BEGIN PRIVATE KEY-----) with `openssl pkcs8 -topk8 -nocrypt`',
  'ENCRYPTED PRIVATE KEY': 'is encrypted: give it unencrypted (the setting itself is the secret to protect)',
  CERTIFICATE: 'is a certificate: give the key (-----BEGIN PUBLIC KEY----- or -----BEGIN PRIVATE KEY-----)',
};

function decodeBase64(body: string): Uint8Array {
  const compact = body.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw new KeyInputError('has a PEM block whose body is not base64');
  return Uint8Array.from(atob(compact), (c) => c.charCodeAt(0));
}

function keyTypeAlgorithm(keyType: AsymmetricKeyType | 'unsupported', rsaBits: number | undefined): AsymmetricAlgorithm {
  if (keyType === 'unsupported') {
    throw new KeyInputError('must be an Ed25519, P-256 (ES256) or RSA (RS256) key; this key is of another type or curve');
  }
  if (keyType === 'RSA' && (rsaBits ?? 0) < MIN_RSA_BITS) throw new KeyInputError(`must be an RSA key of at least ${MIN_RSA_BITS} bits`);
  return ALGORITHM_OF[keyType];
}

function readPem(label: string, body: string): KeyInput {
  const isPrivate = label === 'PRIVATE KEY';
  if (!isPrivate && label !== 'PUBLIC KEY') {
    throw new KeyInputError(PEM_ADVICE[label] ?? 'must hold -----BEGIN PRIVATE KEY----- (PKCS#8) or -----BEGIN PUBLIC KEY----- blocks');
  }
  let info: ReturnType<typeof readDerKeyInfo>;
  try {
    info = readDerKeyInfo(decodeBase64(body), isPrivate);
  } catch (error) {
    if (error instanceof KeyInputError) throw error;
    throw new KeyInputError(`has a ${label} block that is not a well-formed ${isPrivate ? 'PKCS#8' : 'SPKI'} key`);
  }
  const pem = `-----BEGIN ${label}-----\n${body.replace(/\s+/g, '').replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;
  return { format: 'pem', pem, isPrivate, alg: keyTypeAlgorithm(info.keyType, info.rsaBits) };
}

const bitsOfBase64url = (value: string) => {
  const bytes = Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  return i === bytes.length ? 0 : (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
};

const RSA_PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

function member(jwk: JwkInput, name: string, pattern: RegExp): boolean {
  const value = jwk[name];
  return typeof value === 'string' && pattern.test(value);
}

/** The key type of a JWK and whether it holds the private half; throws on anything incomplete. */
function jwkKeyType(jwk: JwkInput): { keyType: AsymmetricKeyType; isPrivate: boolean } {
  const isPrivate = jwk.d !== undefined;
  if (jwk.kty === 'oct') throw new KeyInputError('is a secret (kty "oct"), not a key pair: HS256 secrets go in the secret settings');
  if (jwk.kty === 'OKP') {
    if (jwk.crv !== 'Ed25519') throw new KeyInputError('must be an Ed25519 key when kty is "OKP"');
    if (!member(jwk, 'x', B64URL_32_BYTES) || (isPrivate && !member(jwk, 'd', B64URL_32_BYTES))) {
      throw new KeyInputError('must have 32-byte base64url "x" (and "d" for a private key)');
    }
    return { keyType: 'Ed25519', isPrivate };
  }
  if (jwk.kty === 'EC') {
    if (jwk.crv !== 'P-256') throw new KeyInputError('must be a P-256 key when kty is "EC" (ES256)');
    const ok = member(jwk, 'x', B64URL_32_BYTES) && member(jwk, 'y', B64URL_32_BYTES) && (!isPrivate || member(jwk, 'd', B64URL_32_BYTES));
    if (!ok) throw new KeyInputError('must have 32-byte base64url "x" and "y" (and "d" for a private key)');
    return { keyType: 'P-256', isPrivate };
  }
  if (jwk.kty === 'RSA') {
    if (!member(jwk, 'n', BASE64URL) || !member(jwk, 'e', BASE64URL)) throw new KeyInputError('must have base64url "n" and "e"');
    if (isPrivate && !RSA_PRIVATE_MEMBERS.every((name) => member(jwk, name, BASE64URL))) {
      throw new KeyInputError('must have all of d, p, q, dp, dq and qi as a private RSA key');
    }
    if (bitsOfBase64url(jwk.n as string) < MIN_RSA_BITS) throw new KeyInputError(`must be an RSA key of at least ${MIN_RSA_BITS} bits`);
    return { keyType: 'RSA', isPrivate };
  }
  throw new KeyInputError('must be a JWK with kty "OKP" (Ed25519), "EC" (P-256) or "RSA"');
}

function readJwk(value: unknown): KeyInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new KeyInputError('must hold JSON Web Keys (objects)');
  const jwk = value as JwkInput;
  const { keyType, isPrivate } = jwkKeyType(jwk);
  const alg = ALGORITHM_OF[keyType];
  if (jwk.alg !== undefined && jwk.alg !== alg)
    throw new KeyInputError(`has a key whose "alg" is not ${alg}, the one algorithm for its key type (${keyType})`);
  if (jwk.use !== undefined && jwk.use !== 'sig') throw new KeyInputError('has a key whose "use" is not "sig"');
  if (jwk.kid !== undefined && (typeof jwk.kid !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(jwk.kid))) {
    throw new KeyInputError('has a "kid" that is not 1 to 128 printable characters without spaces');
  }
  return { format: 'jwk', jwk: Object.freeze({ ...jwk }), isPrivate, alg };
}

const isKeyInput = (value: unknown): value is KeyInput =>
  typeof value === 'object' && value !== null && ((value as KeyInput).format === 'pem' || (value as KeyInput).format === 'jwk');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new KeyInputError('is neither PEM nor valid JSON');
  }
}

/**
 * Reads one or more keys from text (PEM blocks one after another, a JWK, a JSON array of JWKs or a
 * JWK Set `{ "keys": [...] }`, as `gatehouse keys jwks` prints) or from JWK objects. A `\n` written
 * as two characters (one-line environment variables) is read as a line break inside PEM.
 */
export function readKeyList(input: unknown): KeyInput[] {
  // An already parsed configuration is parsed again (createAuth takes either): read its source again.
  if (isKeyInput(input)) return readKeyList(input.format === 'pem' ? input.pem : input.jwk);
  if (Array.isArray(input))
    return input.flatMap((item) => (typeof item === 'string' || isKeyInput(item) ? readKeyList(item) : [readJwk(item)]));
  if (typeof input !== 'string') return [readJwk(input)];
  const text = input.trim();
  if (text === '') return [];
  if (text.startsWith('{') || text.startsWith('[')) {
    const json = parseJson(text);
    if (Array.isArray(json)) return json.map(readJwk);
    const keys = (json as { keys?: unknown }).keys;
    if (keys !== undefined) {
      if (!Array.isArray(keys)) throw new KeyInputError('has a "keys" member that is not an array');
      return keys.map(readJwk);
    }
    return [readJwk(json)];
  }
  const pem = text.replace(/\\n/g, '\n');
  const keys: KeyInput[] = [];
  for (const [, label, body] of pem.matchAll(PEM_BLOCK)) keys.push(readPem(label!, body!));
  if (keys.length === 0 || pem.replace(PEM_BLOCK, '').trim() !== '') {
    throw new KeyInputError('must be PEM (-----BEGIN PRIVATE KEY----- or -----BEGIN PUBLIC KEY-----) or JSON Web Keys');
  }
  return keys;
}

/** Exactly one key, with its private half (the signing key). */
export function readPrivateKey(input: unknown): KeyInput {
  const keys = readKeyList(input);
  if (keys.length !== 1) throw new KeyInputError('must hold exactly one key');
  if (!keys[0]!.isPrivate) throw new KeyInputError('must be a private key (PKCS#8 PEM or a JWK with "d"): it signs tokens');
  return keys[0]!;
}

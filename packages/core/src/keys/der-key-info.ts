import type { AsymmetricKeyType } from './signing-algorithm.js';

/** What the structure of a PKCS#8 or SPKI key says about it, read without any crypto API (synchronously). */
export interface DerKeyInfo {
  keyType: AsymmetricKeyType | 'unsupported';
  /** The RSA modulus size in bits, for `RSA`. */
  rsaBits?: number;
}

interface Element {
  tag: number;
  /** Where the content starts and ends in the buffer. */
  start: number;
  end: number;
}

function readElement(der: Uint8Array, offset: number, limit: number): Element {
  if (offset + 2 > limit) throw new Error('truncated');
  const tag = der[offset]!;
  let length = der[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4 || start + bytes > limit) throw new Error('bad length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i]!;
    start += bytes;
  }
  if (start + length > limit) throw new Error('truncated');
  return { tag, start, end: start + length };
}

/** The elements of a SEQUENCE's content, in order. */
function children(der: Uint8Array, parent: Element): Element[] {
  const list: Element[] = [];
  for (let offset = parent.start; offset < parent.end; ) {
    const element = readElement(der, offset, parent.end);
    list.push(element);
    offset = element.end;
  }
  return list;
}

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const OID = 0x06;
const hex = (der: Uint8Array, e: Element) => Array.from(der.subarray(e.start, e.end), (b) => b.toString(16).padStart(2, '0')).join('');

// DER contents of the object identifiers: 1.3.101.112, 1.2.840.10045.2.1, 1.2.840.10045.3.1.7, 1.2.840.113549.1.1.1.
const ED25519 = '2b6570';
const EC_PUBLIC_KEY = '2a8648ce3d0201';
const P256 = '2a8648ce3d030107';
const RSA_ENCRYPTION = '2a864886f70d010101';

/** Bits of a positive DER INTEGER (leading zero bytes do not count). */
function integerBits(der: Uint8Array, e: Element): number {
  let i = e.start;
  while (i < e.end && der[i] === 0) i++;
  if (i === e.end) return 0;
  return (e.end - i - 1) * 8 + (32 - Math.clz32(der[i]!));
}

/** The modulus of an RSAPrivateKey (`SEQUENCE { version, n, … }`) or RSAPublicKey (`SEQUENCE { n, e }`). */
function rsaModulusBits(der: Uint8Array, start: number, end: number, isPrivate: boolean): number {
  const key = readElement(der, start, end);
  const parts = children(der, key);
  const modulus = parts[isPrivate ? 1 : 0];
  if (key.tag !== SEQUENCE || !modulus || modulus.tag !== INTEGER) throw new Error('not an RSA key');
  return integerBits(der, modulus);
}

/**
 * Reads the algorithm of a PKCS#8 PrivateKeyInfo (`private`) or an X.509 SubjectPublicKeyInfo, so a
 * key of the wrong type or size fails when the configuration is parsed, not at the first token.
 * Throws on bytes that are not such a structure. The key itself is checked by Web Crypto on import.
 */
export function readDerKeyInfo(der: Uint8Array, isPrivate: boolean): DerKeyInfo {
  const outer = readElement(der, 0, der.length);
  if (outer.tag !== SEQUENCE || outer.end !== der.length) throw new Error('not a DER sequence');
  const parts = children(der, outer);
  // PKCS#8: version, AlgorithmIdentifier, OCTET STRING. SPKI: AlgorithmIdentifier, BIT STRING.
  const [algorithm, key] = isPrivate ? [parts[1], parts[2]] : [parts[0], parts[1]];
  if (isPrivate && parts[0]?.tag !== INTEGER) throw new Error('not PKCS#8');
  if (!algorithm || algorithm.tag !== SEQUENCE || !key) throw new Error('no algorithm identifier');
  const [oid, parameters] = children(der, algorithm);
  if (!oid || oid.tag !== OID) throw new Error('no algorithm identifier');
  const id = hex(der, oid);
  if (id === ED25519) return { keyType: 'Ed25519' };
  if (id === EC_PUBLIC_KEY) return { keyType: parameters?.tag === OID && hex(der, parameters) === P256 ? 'P-256' : 'unsupported' };
  if (id === RSA_ENCRYPTION) {
    // A BIT STRING starts with a byte counting its unused bits.
    const start = isPrivate ? key.start : key.start + 1;
    return { keyType: 'RSA', rsaBits: rsaModulusBits(der, start, key.end, isPrivate) };
  }
  return { keyType: 'unsupported' };
}

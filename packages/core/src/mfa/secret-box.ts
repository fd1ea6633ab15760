import type { webcrypto } from 'node:crypto';
import { AuthError } from '../errors/auth-error.js';
import type { Random } from '../ports/random.js';
import { toBase64Url } from '../random/random-values.js';

const VERSION = 'v1';
const IV_BYTES = 12;

/** Seals short secrets (TOTP seeds, provider tokens) with AES-256-GCM, bound to what they belong to. */
export interface SecretBox {
  /** `v1.<keyId>.<iv>.<ciphertext and tag>`, all base64url; `context` (the user id, a provider token's identity) is authenticated data. */
  seal(plaintext: string, context: string): Promise<string>;
  /** The plaintext; `INTERNAL_ERROR` when no configured key has the sealed key id or the data was altered. */
  open(sealed: string, context: string): Promise<string>;
}

const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** A key's id: the first 8 characters of the base64url SHA-256 of the key, stored beside each ciphertext. */
async function keyIdOf(key: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', key));
  return toBase64Url(digest).slice(0, 8);
}

const missingKey = () =>
  new AuthError(
    'INVALID_CONFIG',
    'Second factors need an encryption key: set mfa.encryptionKeys (MFA_ENCRYPTION_KEY, 32 random bytes, base64).',
  );

/**
 * A `SecretBox` over `keys`: the first seals, any opens (by the key id in the sealed text), which is
 * how a key is rotated without re-enrolling anyone. AES-GCM with a random 96-bit IV per seal, through
 * Web Crypto, so it runs wherever core runs.
 */
export function createSecretBox(keys: readonly Uint8Array[], random: Random): SecretBox {
  let imported: Promise<Map<string, webcrypto.CryptoKey>> | undefined;
  const keyring = () =>
    (imported ??= Promise.all(
      keys.map(
        async (raw) =>
          [await keyIdOf(raw), await globalThis.crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])] as const,
      ),
    ).then((entries) => new Map(entries)));
  const aad = (context: string) => new TextEncoder().encode(`gatehouse-mfa|${context}`);

  return {
    async seal(plaintext, context) {
      if (keys.length === 0) throw missingKey();
      const ring = await keyring();
      const [keyId, key] = ring.entries().next().value as [string, webcrypto.CryptoKey];
      const iv = random.bytes(IV_BYTES);
      const sealed = await globalThis.crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: aad(context) },
        key,
        new TextEncoder().encode(plaintext),
      );
      return [VERSION, keyId, toBase64Url(iv), toBase64Url(new Uint8Array(sealed))].join('.');
    },

    async open(sealed, context) {
      if (keys.length === 0) throw missingKey();
      const [version, keyId, iv, data] = sealed.split('.');
      const key = keyId === undefined ? undefined : (await keyring()).get(keyId);
      if (version !== VERSION || !key || iv === undefined || data === undefined) {
        throw new AuthError(
          'INTERNAL_ERROR',
          `A sealed secret (second factor or provider token) uses a key that is not configured (key id ${keyId ?? '?'}).`,
        );
      }
      try {
        const plain = await globalThis.crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: aad(context) },
          key,
          fromBase64Url(data),
        );
        return new TextDecoder().decode(plain);
      } catch (cause) {
        throw new AuthError('INTERNAL_ERROR', 'A sealed secret (second factor or provider token) failed its integrity check.', undefined, {
          cause,
        });
      }
    },
  };
}

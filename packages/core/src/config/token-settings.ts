import { z } from 'zod';
import { KeyInputError, readKeyList, readPrivateKey, type KeyInput } from '../keys/key-input.js';
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from '../keys/signing-algorithm.js';

export const MIN_SECRET_LENGTH = 32;

const secret = z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`);

/** PEM text, JWK JSON text, a JWK object, or (for lists) an array of them or a JWK Set. */
const keyMaterial = z.union([
  z.string(),
  z.record(z.string(), z.unknown()),
  z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).readonly(),
]);

function keys<T>(read: (input: unknown) => T) {
  return (value: unknown, ctx: z.RefinementCtx): T => {
    try {
      return read(value);
    } catch (error) {
      if (!(error instanceof KeyInputError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  };
}

/** `iss` / `aud` values: printable, no spaces (an `aud` with a space would read as two to some verifiers). */
const claimValue = z
  .string()
  .min(1, 'must not be empty')
  .max(256, 'must be at most 256 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces, such as https://auth.example.com');

/**
 * The access-token settings: which algorithm signs, with which key, which older keys and secrets
 * still verify (rotation), and the `iss`/`aud` tokens carry and must carry. Part of `AuthConfig`.
 */
export const tokenSettingsShape = {
  /** Required with HS256 (the default); must be absent with a key pair, where it would sign nothing. */
  accessTokenSecret: secret.optional(),
  refreshTokenSecret: secret,
  /** HS256 (default, one shared secret), or EdDSA (Ed25519), ES256 (P-256) or RS256 with a key pair. */
  accessTokenAlgorithm: z.enum(SIGNING_ALGORITHMS, `must be one of ${SIGNING_ALGORITHMS.join(', ')}`).default('HS256'),
  /** The signing key for EdDSA, ES256 and RS256: a PKCS#8 PEM or a private JWK. */
  accessTokenPrivateKey: keyMaterial.transform(keys(readPrivateKey)).optional(),
  /** Keys that still verify (public or private, PEM or JWK, or a JWK Set): listed in the JWKS. */
  previousAccessTokenKeys: keyMaterial.transform(keys((input): readonly KeyInput[] => Object.freeze(readKeyList(input)))).default([]),
  /** HS256 secrets that still verify, never sign. */
  previousAccessTokenSecrets: z.array(secret).max(10, 'must list at most 10 secrets').readonly().default([]),
  /** `iss` of every token; when set, tokens without exactly this `iss` are refused. */
  issuer: claimValue.optional(),
  /** `aud` of access tokens; when set, access tokens without it are refused. */
  audience: claimValue.optional(),
};

interface TokenSettings {
  accessTokenSecret?: string | undefined;
  refreshTokenSecret: string;
  accessTokenAlgorithm: SigningAlgorithm;
  accessTokenPrivateKey?: KeyInput | undefined;
  previousAccessTokenSecrets: readonly string[];
}

/** The rules across token settings, each issue on the setting to change. */
export function checkTokenSettings(c: TokenSettings, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (c.accessTokenAlgorithm === 'HS256') {
    if (c.accessTokenSecret === undefined) issue('accessTokenSecret', 'is required with HS256 (at least 32 random characters)');
    if (c.accessTokenPrivateKey !== undefined) {
      issue('accessTokenPrivateKey', 'is only used with EdDSA, ES256 or RS256: set accessTokenAlgorithm too, or remove the key');
    }
  } else {
    const alg = c.accessTokenAlgorithm;
    if (c.accessTokenSecret !== undefined) {
      issue(
        'accessTokenSecret',
        `signs nothing with ${alg}: remove it, or move it to previousAccessTokenSecrets while tokens it signed are still valid`,
      );
    }
    if (c.accessTokenPrivateKey === undefined) issue('accessTokenPrivateKey', `is required with ${alg}`);
    else if (c.accessTokenPrivateKey.alg !== alg)
      issue('accessTokenPrivateKey', `must be a key for ${alg}; this one is for ${c.accessTokenPrivateKey.alg}`);
  }
  if (c.accessTokenSecret !== undefined && c.accessTokenSecret === c.refreshTokenSecret) {
    issue('refreshTokenSecret', 'must differ from accessTokenSecret');
  }
  if (c.previousAccessTokenSecrets.includes(c.refreshTokenSecret))
    issue('previousAccessTokenSecrets', 'must differ from refreshTokenSecret');
}

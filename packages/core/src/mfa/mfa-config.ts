import { z } from 'zod';
import { parseSettings } from '../config/auth-config.js';

/** 32 bytes written as base64 or base64url (padding optional), as `openssl rand -base64 32` prints them. */
const encryptionKey = z.string().transform((value, ctx) => {
  const text = value.trim();
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : undefined;
  if (bytes?.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'must be 32 random bytes, base64 or base64url (openssl rand -base64 32)' });
    return z.NEVER;
  }
  return new Uint8Array(bytes);
});

const origin = z.url({ protocol: /^https?$/, error: 'must be an origin such as https://app.example.com' }).transform((value, ctx) => {
  const parsed = new URL(value);
  if (parsed.origin !== value.replace(/\/$/, '')) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin (scheme, host and port only)' });
    return z.NEVER;
  }
  return parsed.origin;
});

const schema = z
  .object({
    /**
     * Keys that seal authenticator-app secrets (AES-256-GCM). The first seals; every one opens, so
     * a new key goes first and the old ones stay after it until no secret uses them (docs/mfa.md).
     */
    encryptionKeys: z.array(encryptionKey).default([]),
    /** The issuer shown in authenticator apps; defaults to `passwordPolicy.serviceName`. */
    issuer: z.string().trim().min(1).max(100).optional(),
    /** Passkeys: the relying party (RP ID is the site's registrable domain) and the origins allowed to use it. */
    webauthn: z
      .object({
        rpId: z
          .string()
          .regex(/^[a-z0-9.-]+$/i, 'must be a domain name such as example.com')
          .transform((value) => value.toLowerCase()),
        rpName: z.string().trim().min(1).max(100),
        origins: z.array(origin).min(1, 'needs at least one origin'),
      })
      .strict()
      .optional(),
    /**
     * TOTP steps accepted either side of the current one: 1 (RFC 6238 §5.2's drift allowance, a
     * code then verifies for up to 90 s) or 0 (only the current 30-second step, ASVS 5.0 6.5.5).
     */
    totpDriftSteps: z.number().int().min(0).max(1).default(1),
    /** Administrators' routes need a token whose `amr` holds `mfa` (403 `MFA_REQUIRED`). */
    requireForAdmins: z.boolean().default(false),
  })
  .strict();

export type MfaConfigInput = z.input<typeof schema>;
export type MfaConfig = Readonly<z.output<typeof schema>>;

/**
 * Parses the second-factor settings once, at `createAuth`; a bad key or origin throws `INVALID_CONFIG`
 * naming the setting (`mfa.encryptionKeys.0`).
 *
 * @example
 * parseMfaConfig({ encryptionKeys: [process.env.MFA_ENCRYPTION_KEY!], webauthn: { rpId: 'example.com', rpName: 'Example', origins: ['https://example.com'] } });
 */
export function parseMfaConfig(input: MfaConfigInput = {}): MfaConfig {
  return Object.freeze(parseSettings(schema, input, 'mfa.'));
}

import { z } from 'zod';
import { API_SCHEMAS, loginResult, userSummary } from './response-schemas.js';

// The second-factor bodies of CONTRACT §9, held to the answers by the HTTP suite like the others.

function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  API_SCHEMAS.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

export const mfaChallenge = named(
  'MfaChallenge',
  z
    .object({
      mfaRequired: z.literal(true),
      mfaToken: z.string(),
      methods: z.array(z.enum(['totp', 'recovery', 'passkey'])),
    })
    .strict(),
  'A sign-in of an account with a second factor: no tokens yet; answer at POST /auth/mfa/verify within 5 minutes.',
);

/** `POST /auth/login` and `POST /auth/oauth/exchange`: tokens, or the challenge of a second factor. */
export const loginOrChallenge = loginResult.or(mfaChallenge);

export const mfaVerifyResult = named(
  'MfaVerifyResult',
  z.object({ accessToken: z.string(), refreshToken: z.string(), user: userSummary, isNewUser: z.boolean().optional() }).strict(),
  'The login shape; `isNewUser` when the first step was a social sign-in.',
);

export const mfaStatus = named(
  'MfaStatus',
  z.object({ totp: z.boolean(), passkeys: z.number().int(), recoveryCodesLeft: z.number().int() }).strict(),
);

export const totpEnrollment = named(
  'TotpEnrollment',
  z.object({ secret: z.string(), otpauthUri: z.string(), qrCodeSvg: z.string() }).strict(),
  'The secret (base32), its otpauth:// URI and the URI as an SVG QR code; pending until confirmed.',
);

export const recoveryCodes = named(
  'RecoveryCodes',
  z.object({ recoveryCodes: z.array(z.string()) }).strict(),
  'Ten single-use codes, shown once; only their hashes are kept.',
);

export const totpCodeBody = z.object({ code: z.string().meta({ description: 'Six digits from the authenticator app.' }) });

export const mfaVerifyBody = z.object({
  mfaToken: z.string(),
  code: z.string().optional(),
  recoveryCode: z.string().optional(),
  challengeId: z.string().optional(),
  response: z.unknown().optional(),
});

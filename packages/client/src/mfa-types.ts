import type { LoginResult } from './api-types.js';

/** `POST /auth/login` (and the social exchange) for an account with a second factor: no session yet. */
export interface MfaChallenge {
  mfaRequired: true;
  /** Single use, 5 minutes: answer it with `client.verifyMfa`. */
  mfaToken: string;
  methods: Array<'totp' | 'recovery' | 'passkey'>;
}

/** `POST /auth/mfa/verify`: the challenge's token and one answer. */
export type MfaVerifyInput =
  | { mfaToken: string; code: string }
  | { mfaToken: string; recoveryCode: string }
  | { mfaToken: string; challengeId: string; response: PublicKeyCredentialJSON };

/**
 * `POST /auth/reauthenticate`: the password, a code from the authenticator app, or a passkey
 * assertion (its `challengeId` from `passkeyLoginOptions()`).
 */
export type ReauthenticationProof = { password: string } | { code: string } | { challengeId: string; response: PublicKeyCredentialJSON };

/** `GET /users/me/mfa`. */
export interface MfaStatus {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** `POST /users/me/mfa/totp`. */
export interface TotpEnrollment {
  secret: string;
  otpauthUri: string;
  qrCodeSvg: string;
}

/** A passkey as the API shows it. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A WebAuthn credential as JSON (`PublicKeyCredential.toJSON()`), as the server takes it. */
export type PublicKeyCredentialJSON = Record<string, unknown>;

/** `POST /auth/passkey/options`: WebAuthn request options as JSON and the id to send back with the answer. */
export interface PasskeyLoginOptions {
  challengeId: string;
  options: Record<string, unknown> & { challenge: string };
}

/** Whether a login answer is the second-factor challenge rather than a session. */
export const isMfaChallenge = (value: LoginResult | MfaChallenge): value is MfaChallenge =>
  'mfaRequired' in value && value.mfaRequired === true;

import type { EpochMillis, NullableEpochMillis } from './database-schema.js';

/** `totp_factors`: one authenticator-app factor per user; the secret sealed with the MFA key. */
export interface TotpFactorsTable {
  user_id: string;
  secret_ciphertext: string;
  created_at: EpochMillis;
  confirmed_at: NullableEpochMillis;
  /** The last accepted RFC 6238 time step (a code is accepted once). */
  last_used_step: number | string | null;
}

/** `recovery_codes`: SHA-256 of each code; primary key (user_id, code_hash). */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: EpochMillis;
  used_at: NullableEpochMillis;
}

/**
 * `passkeys`: WebAuthn credentials. A credential id may be up to 1023 bytes, too long for a unique
 * index on MySQL, so uniqueness is on its SHA-256 (`credential_id_hash`).
 */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  credential_id_hash: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number | string;
  /** JSON array of transports. */
  transports: string;
  device_type: string;
  backed_up: number | boolean;
  name: string;
  created_at: EpochMillis;
  last_used_at: NullableEpochMillis;
}

/** `auth_challenges`: `mfaToken`s and WebAuthn challenges, by the SHA-256 of their id; single use. */
export interface AuthChallengesTable {
  id_hash: string;
  purpose: string;
  user_id: string | null;
  data: string;
  created_at: EpochMillis;
  expires_at: EpochMillis;
  used_at: NullableEpochMillis;
}

/** The tables of `0005-second-factors`. */
export interface SecondFactorTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
}

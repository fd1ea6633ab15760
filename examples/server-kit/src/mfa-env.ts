import { randomBytes } from 'node:crypto';
import { isAuthError, parseMfaConfig, type MfaConfigInput } from '@gatehousejs/core';

/** MFA_ENCRYPTION_KEY, WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME, WEBAUTHN_ORIGINS and ADMIN_REQUIRE_MFA, parsed. */
export interface MfaSettings {
  config: MfaConfigInput;
  /** Production without MFA_ENCRYPTION_KEY: the server refuses to start once any authenticator app is on. */
  keyMissing: boolean;
  /** Said once at start (a development key made up for this process). */
  warnings: string[];
}

const read = (env: NodeJS.ProcessEnv, name: string) => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

const VARIABLES: Record<string, string> = {
  encryptionKeys: 'MFA_ENCRYPTION_KEY',
  'webauthn.rpId': 'WEBAUTHN_RP_ID',
  'webauthn.rpName': 'WEBAUTHN_RP_NAME',
  'webauthn.origins': 'WEBAUTHN_ORIGINS',
};

/**
 * Second factors from the environment. MFA_ENCRYPTION_KEY is 32 random bytes in base64
 * (`openssl rand -base64 32`); several, comma-separated, rotate keys: the first seals, all open.
 * Passkeys default to APP_URL's host as RP ID and its origin as the only origin.
 */
export function readMfaSettings(
  env: NodeJS.ProcessEnv,
  appUrl: string,
  production: boolean,
  problem: (message: string) => Error,
): MfaSettings {
  const warnings: string[] = [];
  const given =
    read(env, 'MFA_ENCRYPTION_KEY')
      ?.split(',')
      .map((key) => key.trim())
      .filter(Boolean) ?? [];
  let keys = given;
  if (given.length === 0 && !production) {
    keys = [randomBytes(32).toString('base64')];
    warnings.push(
      'MFA_ENCRYPTION_KEY is not set: authenticator apps set up now stop working after a restart. Set it (openssl rand -base64 32).',
    );
  }
  const app = new URL(appUrl);
  const config: MfaConfigInput = {
    encryptionKeys: keys,
    webauthn: {
      rpId: read(env, 'WEBAUTHN_RP_ID') ?? app.hostname,
      rpName: read(env, 'WEBAUTHN_RP_NAME') ?? 'Gatehouse',
      origins: read(env, 'WEBAUTHN_ORIGINS')
        ?.split(',')
        .map((o) => o.trim())
        .filter(Boolean) ?? [app.origin],
    },
    requireForAdmins: read(env, 'ADMIN_REQUIRE_MFA')?.toLowerCase() === 'true',
  };
  try {
    parseMfaConfig(config);
  } catch (error) {
    if (!isAuthError(error)) throw error;
    // Name the variable, never echo a key.
    const lines = (error.details ?? []).map(
      (d) => `${VARIABLES[d.path.replace(/^mfa\./, '').replace(/\.\d+$/, '')] ?? d.path} ${d.message}`,
    );
    throw problem(`Invalid second-factor settings: ${lines.join('; ') || error.message}.`);
  }
  return { config, keyMissing: given.length === 0 && production, warnings };
}

/** The message that stops a production start without a key while authenticator apps are on. */
export const MISSING_MFA_KEY =
  'MFA_ENCRYPTION_KEY must be set in production: accounts have authenticator apps whose secrets are sealed with it. Set the key they were sealed with (32 random bytes, base64).';

import { AuthError } from '../errors/auth-error.js';
import type { MfaConfig } from '../mfa/mfa-config.js';
import type { ChallengePurpose } from '../ports/challenge-store.js';
import type { Random } from '../ports/random.js';
import { hashOneTimeToken } from '../one-time/one-time-token.js';
import { toBase64Url } from '../random/random-values.js';

/** The algorithms offered at registration: ES256, EdDSA, RS256 (COSE ids), in that order of preference. */
export const PASSKEY_ALGORITHMS = Object.freeze([-7, -8, -257]);
/** How long a WebAuthn challenge is good for; the browser's `timeout` says the same. */
export const CEREMONY_TTL_SECONDS = 300;

export type RelyingParty = NonNullable<MfaConfig['webauthn']>;

/** The configured relying party; without one, passkey routes fail as a set-up error (`INVALID_CONFIG`). */
export function relyingParty(config: MfaConfig): RelyingParty {
  if (!config.webauthn) {
    throw new AuthError('INVALID_CONFIG', 'Passkeys need mfa.webauthn (WEBAUTHN_RP_ID, WEBAUTHN_RP_NAME, WEBAUTHN_ORIGINS).');
  }
  return config.webauthn;
}

/** A fresh 32-byte challenge, base64url, from the instance's random source. */
export function newChallenge(random: Random): string {
  return toBase64Url(random.bytes(32));
}

/** The key a ceremony's challenge is stored under: its SHA-256, with the purpose, as every one-time secret. */
export const challengeKey = (challenge: string, purpose: ChallengePurpose) => hashOneTimeToken(`${purpose}:${challenge}`);

/** The `challenge` of a response's `clientDataJSON`, or undefined when it cannot be read (then the ceremony fails). */
export function challengeOf(response: unknown): string | undefined {
  const clientData = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
  if (typeof clientData !== 'string' || clientData.length > 4096) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

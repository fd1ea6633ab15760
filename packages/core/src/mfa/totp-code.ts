import { HOTP, Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads an `otpauth://` URI by default. */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** 160 bits, the HMAC-SHA-1 block the RFC 4226 §4 recommends as the shared secret's length. */
export const TOTP_SECRET_BYTES = 20;

/** The secret as the base32 text apps and `oathtool -b` take. */
export function toBase32Secret(bytes: Uint8Array): string {
  return new Secret({ buffer: new Uint8Array(bytes).buffer }).base32;
}

/** The `otpauth://totp/...` URI an authenticator app scans. */
export function otpauthUri(secretBase32: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

/** The RFC 6238 time step of `now`. */
export function timeStepOf(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time step, from `otpauth`. */
export function codeForStep(secretBase32: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, counter: step });
}

function sameCode(a: string, b: string): boolean {
  // Both are TOTP_DIGITS long here; the loop runs over all of them whatever differs first.
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The time step whose code `code` is, within `driftSteps` steps either side of `now` (RFC 6238
 * §5.2's allowance for clock drift and typing time; 1 by default, 0 for ASVS 5.0 6.5.5's strict
 * 30 seconds), or null. Every step of the window is always compared, each in constant time, so the
 * answer's timing does not say which step matched or how much of a code did.
 */
export function matchingTimeStep(secretBase32: string, code: string, now: Date, driftSteps = 1): number | null {
  const current = timeStepOf(now);
  let matched: number | null = null;
  for (let step = current - driftSteps; step <= current + driftSteps; step += 1) {
    if (sameCode(codeForStep(secretBase32, step), code) && matched === null) matched = step;
  }
  return matched;
}

import { randomBytes } from 'node:crypto';
import { ConfigurationError, value } from './env-values.js';
import { jwtAlgorithm, readJwtSettings } from './jwt-env.js';

/**
 * A rough estimate of a secret's entropy: its length times the Shannon entropy of its characters'
 * frequencies. `openssl rand -base64 48` scores about 330 bits, 36 times "a" scores 0. It cannot
 * tell a random string from a clever pattern, so it only catches the obviously weak.
 */
export function estimatedSecretBits(secret: string): number {
  const counts = new Map<string, number>();
  const characters = [...secret];
  for (const c of characters) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perCharacter = 0;
  for (const n of counts.values()) perCharacter -= (n / characters.length) * Math.log2(n / characters.length);
  return perCharacter * characters.length;
}

const MIN_SECRET_BITS = 100;

function assertStrongInProduction(name: string, secret: string): void {
  // Too short is core's message (at least 32 characters); this one is about what fills them.
  if (secret.length < 32) return;
  if (estimatedSecretBits(secret) < MIN_SECRET_BITS || new Set(secret).size < 8) {
    throw new ConfigurationError(
      `${name} is too predictable for production (repeated or few distinct characters): use 32 or more random characters, e.g. \`openssl rand -base64 48\`.`,
    );
  }
}

/** `JWT_SECRET` and `JWT_REFRESH_SECRET`: required and unpredictable in production, generated for the process otherwise. */
export function secrets(env: NodeJS.ProcessEnv, production: boolean) {
  // With a key pair (JWT_ALGORITHM other than HS256) JWT_SECRET signs nothing: core refuses it if set.
  const keyPair = jwtAlgorithm(env) !== 'HS256';
  const access = value(env, 'JWT_SECRET');
  const refresh = value(env, 'JWT_REFRESH_SECRET');
  if (production)
    for (const previous of readJwtSettings(env).previousAccessTokenSecrets ?? [])
      assertStrongInProduction('JWT_PREVIOUS_SECRETS', previous);
  if ((access || keyPair) && refresh) {
    if (production) {
      if (access) assertStrongInProduction('JWT_SECRET', access);
      assertStrongInProduction('JWT_REFRESH_SECRET', refresh);
    }
    return { access, refresh, ephemeral: false };
  }
  if (production) {
    const missing = [!access && !keyPair && 'JWT_SECRET', !refresh && 'JWT_REFRESH_SECRET'].filter(Boolean).join(' and ');
    throw new ConfigurationError(
      `${missing} must be set in production: at least 32 random characters each, different from each other (e.g. \`openssl rand -base64 48\`).`,
    );
  }
  const generate = () => randomBytes(48).toString('base64url');
  return { access: access ?? (keyPair ? undefined : generate()), refresh: refresh ?? generate(), ephemeral: true };
}

import { SIGNING_ALGORITHMS, type AuthConfigInput, type SigningAlgorithm } from '@gatehousejs/core';

/** Which environment variable each access-token key setting comes from, to name it in error messages. */
export const JWT_SETTING_VARIABLES: Readonly<Record<string, string>> = Object.freeze({
  accessTokenAlgorithm: 'JWT_ALGORITHM',
  accessTokenPrivateKey: 'JWT_PRIVATE_KEY',
  previousAccessTokenKeys: 'JWT_PREVIOUS_KEYS',
  previousAccessTokenSecrets: 'JWT_PREVIOUS_SECRETS',
  issuer: 'JWT_ISSUER',
  audience: 'JWT_AUDIENCE',
});

type JwtSettings = Pick<
  AuthConfigInput,
  'accessTokenAlgorithm' | 'accessTokenPrivateKey' | 'previousAccessTokenKeys' | 'previousAccessTokenSecrets' | 'issuer' | 'audience'
>;

const value = (env: NodeJS.ProcessEnv, name: string) => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

/** `JWT_ALGORITHM=eddsa` or `EdDSA`: the algorithm's own spelling; anything else is left for core to refuse by name. */
export function jwtAlgorithm(env: NodeJS.ProcessEnv): SigningAlgorithm {
  const raw = value(env, 'JWT_ALGORITHM');
  if (raw === undefined) return 'HS256';
  return SIGNING_ALGORITHMS.find((alg) => alg.toLowerCase() === raw.toLowerCase()) ?? (raw as SigningAlgorithm);
}

/**
 * The access-token key variables (CONTRACT §9): `JWT_ALGORITHM`, `JWT_PRIVATE_KEY` (PEM, `\n`
 * escapes allowed, or a JWK), `JWT_PREVIOUS_KEYS` (PEM blocks, a JWK array or a JWK Set),
 * `JWT_PREVIOUS_SECRETS` (comma-separated), `JWT_ISSUER`, `JWT_AUDIENCE`. Core checks them.
 */
export function readJwtSettings(env: NodeJS.ProcessEnv): JwtSettings {
  const privateKey = value(env, 'JWT_PRIVATE_KEY');
  const previousKeys = value(env, 'JWT_PREVIOUS_KEYS');
  const previousSecrets = (env.JWT_PREVIOUS_SECRETS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const issuer = value(env, 'JWT_ISSUER');
  const audience = value(env, 'JWT_AUDIENCE');
  return {
    accessTokenAlgorithm: jwtAlgorithm(env),
    ...(privateKey ? { accessTokenPrivateKey: privateKey } : {}),
    ...(previousKeys ? { previousAccessTokenKeys: previousKeys } : {}),
    ...(previousSecrets.length > 0 ? { previousAccessTokenSecrets: previousSecrets } : {}),
    ...(issuer ? { issuer } : {}),
    ...(audience ? { audience } : {}),
  };
}

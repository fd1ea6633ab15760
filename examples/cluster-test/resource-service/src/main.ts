import { createJwksVerifier, type PublicKeyAlgorithm } from '@gatehousejs/http';
import { createReportsApp } from './reports-app.js';

// The cluster test's resource service (docs/keys.md, "Protect another service"): one process on its
// own port behind the cluster's nginx, configured from the environment, verifying the cluster's
// access tokens through its JWKS (`JWKS_URL`).
const env = process.env;
const required = (name: string): string => {
  const value = env[name];
  if (!value) {
    console.error(`cannot start: ${name} is required`);
    process.exit(1);
  }
  return value;
};
const milliseconds = (name: string): number | undefined => (env[name] ? Number(env[name]) : undefined);

const verifier = createJwksVerifier({
  jwksUrl: required('JWKS_URL'),
  issuer: env.JWT_ISSUER || undefined,
  audience: env.JWT_AUDIENCE || undefined,
  algorithms: [(env.JWT_ALGORITHM ?? 'EdDSA') as PublicKeyAlgorithm],
  // The test rotates keys within a minute; a real service keeps jose's defaults (10 min, 30 s).
  cacheMaxAgeMs: milliseconds('JWKS_CACHE_MAX_AGE_MS'),
  cooldownMs: milliseconds('JWKS_COOLDOWN_MS'),
});

const server = createReportsApp(verifier).listen(Number(required('PORT')), env.HOST ?? '127.0.0.1', () => {
  console.log(`reports service listening on ${env.HOST ?? '127.0.0.1'}:${env.PORT}`);
});
// Node closes idle keep-alive connections on close(); requests in flight finish first.
process.once('SIGTERM', () => server.close(() => process.exit(0)));

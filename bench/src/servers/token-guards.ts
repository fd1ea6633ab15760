// The guards of the token-guard suites (issues 22 and 24), each in front of the same Hono route:
// see `TokenGuard` in protocol.ts.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAccessTokenVerifier, createRolePolicy, generateSigningKey, type Auth } from '@gatehousejs/core';
import type { AuthStore, Revocation } from '@gatehousejs/core/ports';
import { createJwksVerifier, type AccessVerifier } from '@gatehousejs/http';
import { openAuth, randomSecret, registerBenchUser, type Hashing } from './bench-auth.js';
import { honoGuardApp } from './guard-apps.js';
import type { ServerSpec } from './protocol.js';

/** Revocations in the loaded list: half sessions, half users, as many as a large app's hour could hold. */
const LOADED_REVOCATIONS = 20_000;
/** The store's poll (500 ms by default) and a margin. */
const POLL_WAIT_MS = 1_200;

const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/**
 * Fills the store's record of revocations (which the auth instance reads at start and every 500 ms)
 * with random sessions and users revoked a minute ago, then proves the list refuses a revoked
 * session of a real user, so the benchmark measures a list that is loaded and in use.
 */
async function loadRevocations(auth: Auth<string>, store: AuthStore): Promise<void> {
  const at = Date.now() - 60_000;
  const revocations: Revocation[] = Array.from({ length: LOADED_REVOCATIONS }, (_, i) => ({
    kind: i % 2 === 0 ? 'session' : 'user',
    id: randomUUID(),
    at,
  }));
  const victim = await registerBenchUser(auth);
  revocations.push({ kind: 'session', id: sidOf(victim.accessToken), at: Date.now() });
  await store.revocations.recordRevocations(revocations, new Date(Date.now() + 3_600_000));
  await sleep(POLL_WAIT_MS);
  const refused = await auth.verifyAccessToken(victim.accessToken).then(
    () => false,
    () => true,
  );
  if (!refused) throw new Error('the loaded revocation list did not refuse a revoked session');
}

/**
 * The issuer's HS256 checks and verified-token cache without any revocation list: the same
 * `createAccessTokenVerifier` a resource service runs, given the issuer's secret, answering a
 * cached token in one settled promise as core's `verifyAccessToken` does, so the two guards differ
 * only by the list's check.
 */
async function verifierWithoutList(secret: string): Promise<AccessVerifier> {
  const key = await globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const verifier = createAccessTokenVerifier({ keys: () => key, algorithms: ['HS256'], accessTokenCache: { maxEntries: 10_000 } });
  return {
    roles: createRolePolicy<string>({}),
    verifyAccessToken: (token) => {
      const now = new Date();
      const hit = verifier.cachedAccessToken(token, now);
      return hit ? Promise.resolve(hit) : verifier.verifyAccessToken(token, now);
    },
  };
}

/** Starts the guard `spec` names; answers its port and a valid access token for it. */
export async function startTokenGuard(
  spec: Extract<ServerSpec, { kind: 'token-guard' }>,
  store: AuthStore,
  hashing: Hashing,
): Promise<{ port: number; accessToken: string }> {
  const { guard } = spec;
  if (guard === 'jwks') {
    if (!spec.jwksUrl || !spec.accessToken) throw new Error('a jwks guard needs the issuer’s jwksUrl and a token it signed');
    const verifier = createJwksVerifier({ jwksUrl: spec.jwksUrl, algorithms: ['EdDSA'] });
    return { port: await honoGuardApp(verifier), accessToken: spec.accessToken };
  }
  if (guard === 'EdDSA' || guard === 'EdDSA-no-cache') {
    const { privateJwk } = await generateSigningKey('EdDSA');
    const tokens = { accessTokenAlgorithm: 'EdDSA' as const, accessTokenPrivateKey: privateJwk };
    const auth = openAuth(store, hashing, { tokens, accessTokenCache: guard === 'EdDSA' });
    const user = await registerBenchUser(auth);
    return { port: await honoGuardApp(auth, () => auth.jwks()), accessToken: user.accessToken };
  }
  const secret = randomSecret();
  const auth = openAuth(store, hashing, { tokens: { accessTokenSecret: secret } });
  const user = await registerBenchUser(auth);
  if (guard === 'HS256-revocations-loaded') await loadRevocations(auth, store);
  const verifier = guard === 'HS256-no-revocation-list' ? await verifierWithoutList(secret) : auth;
  return { port: await honoGuardApp(verifier), accessToken: user.accessToken };
}

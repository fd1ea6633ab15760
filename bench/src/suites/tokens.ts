import { createHmac, timingSafeEqual } from 'node:crypto';
import { cryptoRandom } from '@gatehousejs/core/ports';
import { generateSigningKey, parseAuthConfig, type SigningAlgorithm } from '@gatehousejs/core';
// The token service is internal to core (apps reach it through createAuth); the bench measures it alone.
import { createTokenService, type TokenService } from '../../../packages/core/dist/tokens/token-service.js';
import { jwtVerify, SignJWT } from 'jose';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { repeat } from '../lib/stats.js';

const SECRET = 'bench-access-secret-0123456789abcdef-0123456789';
const USER = { id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', email: 'ada@example.com', roles: ['user'] as const };
// Enough operations in flight that Web Crypto's thread-pool round trips overlap, as requests do.
const IN_FLIGHT = 16;

/** Operations per second of an async operation, kept `IN_FLIGHT` deep, for `ms` milliseconds. */
async function asyncRate(ms: number, op: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        await op();
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** Operations per second of a synchronous operation, for `ms` milliseconds. */
function syncRate(ms: number, op: () => unknown): number {
  let count = 0;
  const started = performance.now();
  const until = started + ms;
  while (performance.now() < until) {
    for (let i = 0; i < 100; i++) op();
    count += 100;
  }
  return count / ((performance.now() - started) / 1000);
}

function service(cache: boolean): TokenService {
  return createTokenService(
    { accessTokenSecret: SECRET, refreshTokenSecret: `${SECRET}-refresh`, accessTokenTtl: 3600, refreshTokenTtl: 86_400, jitterSeconds: 0 },
    cryptoRandom,
    { accessTokenCache: cache ? { maxEntries: 10_000 } : false },
  );
}

/** A token service signing with `alg`: HS256 with the bench's secret, else a key made for this run. */
async function serviceFor(alg: SigningAlgorithm, cache: boolean): Promise<TokenService> {
  const keys =
    alg === 'HS256'
      ? { accessTokenSecret: SECRET }
      : { accessTokenAlgorithm: alg, accessTokenPrivateKey: (await generateSigningKey(alg)).privateJwk };
  const config = parseAuthConfig({ ...keys, refreshTokenSecret: `${SECRET}-refresh`, jitterSeconds: 0 });
  return createTokenService(config, cryptoRandom, { accessTokenCache: cache ? { maxEntries: 10_000 } : false });
}

/**
 * 1b. Sign and verify per second for each access-token algorithm beside HS256, through the token
 * service (kid lookup, claim checks): what choosing EdDSA, ES256 or RS256 costs the issuer (sign)
 * and every guard that misses the verified-token cache (verify).
 */
async function benchAlgorithms(report: Report, settings: BenchSettings): Promise<void> {
  const now = new Date();
  const ms = settings.seconds * 400;
  const algorithms: SigningAlgorithm[] = ['HS256', 'EdDSA', 'ES256', 'RS256'];
  report.section({
    title: '1b. Sign and verify by algorithm',
    method: `Operations per second of the Gatehouse token service in one process, ${IN_FLIGHT} in flight, for each JWT_ALGORITHM (RS256 with a 2048-bit key). "verify" has the verified-token cache off: it is the cost of a token a guard has not seen.`,
  });
  for (const alg of algorithms) {
    const tokens = await serviceFor(alg, false);
    const { token } = await tokens.signAccessToken(USER, now);
    const rates = await repeat(settings.runs, async () => ({
      sign: await asyncRate(ms, () => tokens.signAccessToken(USER, now)),
      verify: await asyncRate(ms, () => tokens.verifyAccessToken(token, now)),
    }));
    report.add({ name: `sign: ${alg}`, unit: 'ops/s', summary: rates.sign });
    report.add({ name: `verify: ${alg} (cache off)`, unit: 'ops/s', summary: rates.verify });
  }
}

/** 1. HS256 sign and verify per second: Gatehouse (cold and cached) vs jose alone vs a node:crypto HMAC. */
export async function benchTokens(report: Report, settings: BenchSettings): Promise<void> {
  const now = new Date();
  const iat = Math.floor(now.getTime() / 1000);
  const secretBytes = new TextEncoder().encode(SECRET);
  const key = await crypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const cold = service(false);
  const cached = service(true);
  const { token } = await cold.signAccessToken(USER, now);
  await cached.verifyAccessToken(token, now);
  const signingInput = token.slice(0, token.lastIndexOf('.'));
  const signature = Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url');
  const claims = { id: USER.id, sub: USER.id, email: USER.email, roles: [...USER.roles] };
  const joseOptions = { algorithms: ['HS256'], typ: 'at+jwt', currentDate: now, requiredClaims: ['iat', 'exp', 'sub'] };
  const ms = settings.seconds * 400;

  const rates = await repeat(settings.runs, async () => ({
    hmacSign: syncRate(ms, () => createHmac('sha256', secretBytes).update(signingInput).digest('base64url')),
    hmacVerify: syncRate(ms, () => timingSafeEqual(createHmac('sha256', secretBytes).update(signingInput).digest(), signature)),
    joseSign: await asyncRate(ms, () =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(key),
    ),
    joseVerify: await asyncRate(ms, () => jwtVerify(token, key, joseOptions)),
    joseRawVerify: await asyncRate(ms, () => jwtVerify(token, secretBytes, joseOptions)),
    gatehouseSign: await asyncRate(ms, () => cold.signAccessToken(USER, now)),
    gatehouseCold: await asyncRate(ms, () => cold.verifyAccessToken(token, now)),
    gatehouseCached: await asyncRate(ms, () => cached.verifyAccessToken(token, now)),
  }));

  report.section({
    title: '1. HS256 sign and verify',
    method: `Operations per second in one process, ${IN_FLIGHT} async operations in flight (the HMAC baseline is synchronous). The same access token throughout; "cached" verifies it from the verified-token cache, "cold" with the cache off.`,
  });
  report.add({ name: 'sign: node:crypto HMAC-SHA256 (baseline)', unit: 'ops/s', summary: rates.hmacSign });
  report.add({ name: 'sign: jose alone (CryptoKey)', unit: 'ops/s', summary: rates.joseSign });
  report.add({ name: 'sign: Gatehouse token service', unit: 'ops/s', summary: rates.gatehouseSign });
  report.add({ name: 'verify: node:crypto HMAC-SHA256 + timingSafeEqual (baseline)', unit: 'ops/s', summary: rates.hmacVerify });
  report.add({ name: 'verify: jose alone (raw secret bytes each call)', unit: 'ops/s', summary: rates.joseRawVerify });
  report.add({ name: 'verify: jose alone (CryptoKey)', unit: 'ops/s', summary: rates.joseVerify });
  report.add({ name: 'verify: Gatehouse token service, cold (cache off)', unit: 'ops/s', summary: rates.gatehouseCold });
  report.add({ name: 'verify: Gatehouse token service, cached', unit: 'ops/s', summary: rates.gatehouseCached });
  await benchAlgorithms(report, settings);
}

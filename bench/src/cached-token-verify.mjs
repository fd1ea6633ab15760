// A micro-measure run by hand, not part of `pnpm bench`: what one answer for a token already
// verified costs on the issuer's guard (HS256, `auth.verifyAccessToken`) and on a resource
// service's (EdDSA, `createJwksVerifier` over a loopback JWKS), in ns per verification, directly
// and through the adapters' admission (`createAdmission(…).admit`). Both answer from their
// verified-token cache after the first call, so the difference is the cached path's own overhead.
//
//   pnpm build && node bench/src/cached-token-verify.mjs [iterations, default 1e6]
//
// A plain .mjs against the build output: the bench package does not depend on @gatehousejs/http.
import { createServer } from 'node:http';
import { exportPKCS8, generateKeyPair } from 'jose';
import { createAuth } from '../../packages/core/dist/index.js';
import { createFakeHasher } from '../../packages/core/dist/testing/index.js';
import { createAdmission, createJwksVerifier, JWKS_ROUTES } from '../../packages/http/dist/index.js';
import { createMemoryStore } from '../../packages/store-memory/dist/index.js';

const iterations = Number(process.argv[2] ?? 1e6);
const rounds = 5;

const issuerAuth = (config) =>
  createAuth({
    config: { refreshTokenSecret: 'refresh-secret-for-measure-0123456789', rateLimit: { enabled: false }, ...config },
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });

async function accessToken(auth) {
  const password = 'correct horse battery staple';
  const input = { firstName: 'A', lastName: 'B', username: 'measure', email: 'measure@example.com', password };
  return (await auth.register({ ...input, confirmPassword: password })).accessToken;
}

/** Serves `auth`'s JWKS route on a loopback port; returns its URL and a way to close it. */
async function serveJwks(auth) {
  const route = JWKS_ROUTES[0];
  const server = createServer(async (_req, res) => {
    const result = await route.handle(auth, { body: undefined, query: {}, user: undefined, client: {} });
    res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/api/v1/auth/jwks`, close: () => server.close() };
}

/** A request as admission sees it: a GET with a bearer token and no body. */
const exchangeFor = (token) => {
  const authorization = `Bearer ${token}`;
  return {
    method: 'GET',
    path: '/orders',
    query: '',
    header: (name) => (name === 'authorization' ? authorization : undefined),
    peerAddress: '127.0.0.1',
    openBody: () => null,
    send: () => {},
  };
};

/** CPU time (user + system, ns) of `iterations` sequential awaited calls: the machine is shared. */
async function cpuNs(call) {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await call();
  const { user, system } = process.cpuUsage(start);
  return ((user + system) * 1000) / iterations;
}

/**
 * ns per call of `issuer` and `resource`, measured in turns (round by round, so load on the machine
 * falls on both alike) after a warm-up; the best round of each.
 */
async function pair(issuer, resource) {
  for (let i = 0; i < iterations / 10; i++) {
    await issuer();
    await resource();
  }
  const best = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let round = 0; round < rounds; round++) {
    best[0] = Math.min(best[0], await cpuNs(issuer));
    best[1] = Math.min(best[1], await cpuNs(resource));
  }
  return best;
}

const hs256 = issuerAuth({ accessTokenSecret: 'access-secret-for-measure-0123456789', issuer: 'https://auth.test', audience: 'orders' });
const { privateKey } = await generateKeyPair('EdDSA', { extractable: true });
const eddsa = issuerAuth({
  accessTokenAlgorithm: 'EdDSA',
  accessTokenPrivateKey: await exportPKCS8(privateKey),
  issuer: 'https://auth.test',
  audience: 'orders',
});
const jwks = await serveJwks(eddsa);
const resource = createJwksVerifier({ jwksUrl: jwks.url, issuer: 'https://auth.test', audience: 'orders', algorithms: ['EdDSA'] });

const hsToken = await accessToken(hs256);
const edToken = await accessToken(eddsa);
const hsExchange = exchangeFor(hsToken);
const edExchange = exchangeFor(edToken);
const hsAdmission = createAdmission(hs256);
const edAdmission = createAdmission(resource);

const direct = await pair(
  () => hs256.verifyAccessToken(hsToken),
  () => resource.verifyAccessToken(edToken),
);
const admission = await pair(
  () => hsAdmission.admit(hsExchange, 'protected', 'none'),
  () => edAdmission.admit(edExchange, 'protected', 'none'),
);
jwks.close();
console.log(`Node ${process.version}, ${iterations} cached verifications per run, CPU ns per call, best of ${rounds}`);
console.log('                   issuer HS256   JWKS EdDSA   JWKS - issuer');
for (const [name, [issuer, jwksNs]] of [
  ['verifyAccessToken', direct],
  ['admission.admit', admission],
]) {
  const cells = [issuer, jwksNs, jwksNs - issuer].map((ns) => ns.toFixed(0).padStart(12));
  console.log(`${name.padEnd(18)} ${cells.join(' ')}`);
}

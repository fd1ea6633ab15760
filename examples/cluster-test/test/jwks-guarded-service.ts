import { SignJWT, base64url } from 'jose';
import { expect, it } from 'vitest';
import { signedInAdmin, signedUp } from './harness/accounts.js';
import { ACCESS_TOKEN_SECONDS } from './harness/cluster.js';
import type { Answer } from './harness/http-client.js';
import { newSigningKey } from './harness/signing-keys.js';
import { claimsOf, reissuedClaims } from './harness/token-claims.js';
import { me, report } from './harness/token-reach.js';
import type { ClusterContext } from './contract-across-instances.js';

const expectRefused = (answer: Answer, statusCode: number, code: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(statusCode);
  expect(answer.body).toMatchObject({ statusCode, code });
};

/** `alg: none`: a header and a payload, no signature (RFC 7519 §6, an "unsecured JWT"). */
const unsecured = (header: object, payload: object) =>
  `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}.`;

/**
 * The resource service (issue 24): a process of its own behind the same nginx, with no database
 * and no secret, guarding its routes with `secureRouter(createJwksVerifier(...))` against the
 * cluster's `GET /api/v1/auth/jwks`.
 */
export function jwksGuardedService(context: () => ClusterContext): void {
  it('publishes the public signing key alone at /auth/jwks on every instance', async () => {
    const { http, cluster } = context();
    for (const pin of [0, 1, 2]) {
      const jwks = await http.send('GET', '/api/v1/auth/jwks', { pin });
      expect(jwks.status).toBe(200);
      expect(jwks.body).toEqual({ keys: [{ ...cluster.signingKey.publicJwk, kid: cluster.signingKey.kid, alg: 'EdDSA', use: 'sig' }] });
    }
  });

  it('accepts a token the cluster issued, and answers for its user, from the JWKS alone', async () => {
    const { http, cluster } = context();
    const session = await signedUp(http, 'reports');
    const answer = await report(http, 'mine', session.accessToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.upstream).toBe(cluster.resource.port);
    // A new account holds no role (spec §3.1).
    expect(answer.body).toEqual({ for: session.id, roles: [], sid: claimsOf(session.accessToken).sid });
    expectRefused(await report(http, 'mine'), 401, 'TOKEN_MISSING');
  });

  it("applies the route's roles: 403 to a user on the administrators' report, 200 to an administrator", async () => {
    const { http, cluster } = context();
    const user = await signedUp(http, 'reader');
    expectRefused(await report(http, 'all', user.accessToken), 403, 'INSUFFICIENT_ROLE');
    const admin = await signedInAdmin(http, cluster.postgres.query);
    expect(claimsOf(admin.accessToken).roles).toContain('admin');
    const all = await report(http, 'all', admin.accessToken);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toEqual({ reports: [] });
  });

  it("refuses forged tokens on the resource service and the instances: another key under the cluster's kid, an unknown kid, HS256 with the public key, alg none", async () => {
    const { http, cluster } = context();
    const session = await signedUp(http, 'forged');
    const claims = reissuedClaims(session.accessToken, ACCESS_TOKEN_SECONDS);
    const { kid, publicPem } = cluster.signingKey;
    const attacker = await newSigningKey();
    const forged: Array<[string, string]> = [
      ["the attacker's key under the cluster's kid", await attacker.sign(claims, kid)],
      ["the attacker's key under its own kid", await attacker.sign(claims)],
      [
        'HS256 with the public key as the secret',
        await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid }).sign(new TextEncoder().encode(publicPem)),
      ],
      ['alg none', unsecured({ alg: 'none', typ: 'at+jwt', kid }, claims)],
    ];
    // The same claims signed with the cluster's own key pass: what the others are refused for is their signature.
    const genuine = await cluster.signingKey.sign(claims);
    expect((await report(http, 'mine', genuine)).status).toBe(200);
    expect((await me(http, genuine, 0)).status).toBe(200);
    for (const [what, token] of forged) {
      for (const answer of [await report(http, 'mine', token), await me(http, token, 1)]) {
        expect(answer.status, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(401);
        expect(answer.body, what).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
      }
    }
  });
}

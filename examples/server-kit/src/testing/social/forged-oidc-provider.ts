import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForgedOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes the next id_token's claims (or signs it with a key the issuer never published). */
  forgeNext(edit: (claims: Record<string, unknown>) => Record<string, unknown>, options?: { foreignKey?: boolean }): void;
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function signRs256(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(createSign('RSA-SHA256').update(input).sign(key))}`;
}

/**
 * An OpenID Provider that does everything right except what the next sign-in asks it to forge in
 * the id_token: wrong `aud`, `nonce`, `iss`, an expired token, a signature by an unpublished key.
 * It stands in for a compromised or malicious provider; the client must refuse each.
 */
export async function startForgedOidcProvider(): Promise<ForgedOidcProvider> {
  const published = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientId = 'forged-client';
  const clientSecret = 'forged-client-secret-0123456789';
  const codes = new Map<string, { nonce: string | null }>();
  let next: { edit: (c: Record<string, unknown>) => Record<string, unknown>; foreignKey: boolean } = { edit: (c) => c, foreignKey: false };
  let issuer = '';

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        authorization_response_iss_parameter_supported: true,
      });
    }
    if (url.pathname === '/jwks')
      return json({ keys: [{ ...published.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' }] });
    if (url.pathname === '/authorize') {
      const code = b64url(randomBytes(16));
      codes.set(code, { nonce: url.searchParams.get('nonce') });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('iss', issuer);
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const grant = codes.get(new URLSearchParams(raw).get('code') ?? '');
        if (!grant) return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
        const now = Math.floor(Date.now() / 1000);
        const claims = next.edit({
          iss: issuer,
          aud: clientId,
          sub: 'forged-subject',
          nonce: grant.nonce,
          iat: now,
          exp: now + 300,
          email: 'forged@example.com',
          email_verified: true,
          name: 'Forged Name',
          nickname: 'forged',
        });
        const idToken = signRs256(claims, next.foreignKey ? foreign.privateKey : published.privateKey, 'k1');
        next = { edit: (c) => c, foreignKey: false };
        json({ access_token: b64url(randomBytes(16)), token_type: 'Bearer', id_token: idToken, expires_in: 300 });
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    forgeNext(edit, options = {}) {
      next = { edit, foreignKey: options.foreignKey ?? false };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

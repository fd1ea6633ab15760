import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorizationUrl, exchangeAndReadProfile, sendsNonce, type ConfiguredProvider } from './oauth-client.js';
import type { OAuthProviderDefinition, ProviderProfile } from './provider-definition.js';

/** One request the fake received, as the provider would have seen it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
  body: string;
}

export interface FakeProviderShape {
  /** OIDC: the `issuer` its discovery document names (default: the fake's base URL). */
  discoveryIssuer?: (base: string) => string;
  /** Where discovery is served (default `/.well-known/openid-configuration` under the base). */
  discoveryPath?: string;
  /** OIDC: the id_token's claims; `nonce` is the one of the authorization request (null when none was sent). */
  idToken?: (input: { base: string; nonce: string | null; clientId: string }) => Record<string, unknown>;
  /** The token endpoint's JSON answer besides `access_token`, `token_type` and `id_token`. */
  tokenExtras?: Record<string, unknown>;
  /** API answers by path (under `/api`), given the bearer token; userinfo is `/userinfo`. */
  api?: Record<string, unknown>;
}

export interface FakeProvider {
  base: string;
  clientId: string;
  clientSecret: string;
  seen: SeenRequest[];
  /** The test plays the browser: it tells the fake which nonce the authorization request carried for a code. */
  rememberNonce(code: string, nonce: string | null): void;
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * A provider on loopback answering in the shape a test gives it: discovery, keys, a token endpoint
 * (recording how the client authenticated), an id_token signed with its published key, and API
 * answers. Each provider test builds the shape its provider's documentation shows.
 */
export async function startFakeProvider(shape: FakeProviderShape): Promise<FakeProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret-0123456789';
  const seen: SeenRequest[] = [];
  const nonces = new Map<string, string | null>();
  let base = '';
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const form = new URLSearchParams(raw);
      seen.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, form, body: raw });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === (shape.discoveryPath ?? '/.well-known/openid-configuration')) {
        return json(200, {
          issuer: shape.discoveryIssuer?.(base) ?? base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/api/userinfo`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      }
      if (url.pathname === '/jwks')
        return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] });
      if (url.pathname === '/token' && req.method === 'POST') {
        const code = form.get('code') ?? '';
        const nonce = nonces.get(code) ?? null;
        const now = Math.floor(Date.now() / 1000);
        const body: Record<string, unknown> = { access_token: `at-${code}`, token_type: 'Bearer', expires_in: 3600, ...shape.tokenExtras };
        if (shape.idToken) {
          const claims = { aud: clientId, iat: now, exp: now + 300, ...shape.idToken({ base, nonce, clientId }) };
          const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'k1' }))}.${b64url(JSON.stringify(claims))}`;
          body.id_token = `${input}.${b64url(createSign('RSA-SHA256').update(input).sign(privateKey))}`;
        }
        return json(200, body);
      }
      if (url.pathname.startsWith('/api/')) {
        const path = url.pathname.slice('/api'.length);
        const answers = shape.api ?? {};
        if (!req.headers.authorization?.startsWith('Bearer ') && !url.searchParams.has('access_token'))
          return json(401, { error: 'no token' });
        return path in answers ? json(200, answers[path]) : json(404, { error: 'not found' });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    clientId,
    clientSecret,
    seen,
    rememberNonce: (code, nonce) => void nonces.set(code, nonce),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The provider configured against the fake: the definition as given, pointed at the fake by the caller. */
export function configuredAgainst(fake: FakeProvider, definition: OAuthProviderDefinition): ConfiguredProvider {
  return {
    definition,
    client: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    callbackUrl: 'https://app.example.test/api/v1/auth/oauth/x/callback',
    allowInsecure: true,
  };
}

/** An OAuth 2.0 definition with its endpoints moved onto the fake. */
export function onFake(fake: FakeProvider, definition: OAuthProviderDefinition): OAuthProviderDefinition {
  if (definition.protocol === 'oidc') return definition;
  return {
    ...definition,
    endpoints: { authorizationEndpoint: `${fake.base}/authorize`, tokenEndpoint: `${fake.base}/token`, apiBase: `${fake.base}/api/` },
  };
}

/**
 * One sign-in against the fake, as the callback runs it: the authorization URL (whose nonce and PKCE
 * challenge the fake remembers), a made-up code coming back, the exchange and the profile.
 */
export async function signInAgainst(
  fake: FakeProvider,
  provider: ConfiguredProvider,
): Promise<{ profile: ProviderProfile; authorizeUrl: URL }> {
  const state = b64url(randomBytes(16));
  const codeVerifier = provider.definition.pkce ? b64url(randomBytes(32)) : null;
  const nonce = sendsNonce(provider.definition) ? b64url(randomBytes(16)) : null;
  const authorizeUrl = new URL(await authorizationUrl(provider, { state, codeVerifier, nonce }));
  const code = b64url(randomBytes(8));
  // The authorization endpoint is never visited: the test plays the browser and makes up the code.
  fake.rememberNonce(code, authorizeUrl.searchParams.get('nonce'));
  const { profile } = await exchangeAndReadProfile(provider, {
    parameters: new URLSearchParams({ code, state }),
    state,
    codeVerifier,
    nonce,
    now: new Date(),
  });
  return { profile, authorizeUrl };
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

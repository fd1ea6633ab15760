/// <reference path="./oidc-provider.d.ts" />
import { createPublicKey, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import { answerInteractionPage } from './provider-login-pages.js';

/** The claims of an account at the local provider; `sub` is the account id. */
export type AccountClaims = Record<string, unknown> & { sub: string };

/** A client registered at the local provider, shaped like one provider's app registration. */
export interface LocalClient {
  clientId: string;
  redirectUri: string;
  /** How the client authenticates at the token endpoint; `apple_es256_jwt`: Apple's signed client secret. */
  auth: 'client_secret_basic' | 'client_secret_post' | 'apple_es256_jwt';
  /** Whether the provider insists on PKCE (those whose definition sends none are registered without). */
  pkce: boolean;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** For `entraTenant`: the authority (origin) whose `/common/v2.0` serves Microsoft's multi-tenant document. */
  authority: string;
  /** Apple's team, key id and `.p8` key (PKCS #8 PEM), for an `apple_es256_jwt` client. */
  apple: { teamId: string; keyId: string; privateKey: string };
  /**
   * The account the next sign-in at this provider logs in as (the "user" typing at the provider).
   * With `interactive`, it is an account the login page knows by its `preferred_username` or `sub`.
   */
  signInAs(claims: AccountClaims): void;
  /** The account is gone at the provider: its refresh tokens are refused from now on (`invalid_grant`). */
  forget(sub: string): void;
  close(): Promise<void>;
}

const CLIENT_SECRET = 'gatehouse-test-client-secret-0123456789';

export interface LocalOidcProviderOptions {
  redirectUris: string[];
  clientAuth?: 'client_secret_basic' | 'client_secret_post';
  responseModes?: string[];
  clients?: LocalClient[];
  entraTenant?: string;
  /**
   * The default client may use the refresh token grant, and every sign-in gets a refresh token
   * (oidc-provider otherwise issues one only for `offline_access`), rotated at each use as RFC 9700
   * §4.14.2 recommends: a refresh token used twice is refused and ends the grant.
   */
  refreshTokens?: boolean;
  /** Show login and consent pages for a browser to fill in (titled `Sign in to <name>`), instead of answering them at once. */
  interactive?: { name: string };
}

/**
 * panva's certified `oidc-provider` on a free loopback port: authorization code flow with PKCE
 * required (for the default client, and any client registered with `pkce`), `iss` in every
 * authorization response (RFC 9207), signed id_tokens with nonce. Its login and consent are answered
 * at once for the account given to `signInAs`, or, `interactive`, by a person on its pages.
 *
 * Two provider shapes need a little in front of it:
 * - `entraTenant`: Microsoft Entra ID. The issuer is `<origin>/<tenant>/v2.0`; `<origin>/common/v2.0`
 *   serves the multi-tenant discovery document, whose issuer is the `{tenantid}` template, and, as
 *   Entra does, the authorization response carries no `iss`.
 * - an `apple_es256_jwt` client: the token request's `client_secret` must be an ES256 JWT by the
 *   team's key (`iss` team, `sub` client, `aud` issuer, `kid`), checked here before the provider
 *   sees the request with the registered secret in its place.
 */
export async function startLocalOidcProvider(options: LocalOidcProviderOptions): Promise<LocalOidcProvider> {
  let next: AccountClaims = { sub: 'nobody' };
  const accounts = new Map<string, AccountClaims>();
  let provider: Provider | undefined;
  const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const apple = {
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    privateKey: appleKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
  const appleClients = new Set((options.clients ?? []).filter((c) => c.auth === 'apple_es256_jwt').map((c) => c.clientId));
  const prefix = options.entraTenant ? `/${options.entraTenant}/v2.0` : '';
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(500).end()));
  let origin = '';
  let issuer = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!provider) return void res.writeHead(503).end();
    const url = req.url ?? '/';
    if (options.entraTenant && url === '/common/v2.0/.well-known/openid-configuration') return multiTenantDocument(res);
    if (options.entraTenant && !url.startsWith(`${prefix}/`)) return void res.writeHead(404).end();
    // Mounted under the issuer's path: oidc-provider finds its mount path from `originalUrl`.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(prefix.length);
    if (req.url.startsWith('/interaction/')) return interaction(req, res);
    if (options.entraTenant) withoutIssParameter(res);
    if (req.method === 'POST' && req.url === '/token' && appleClients.size > 0) {
      const body = await readAll(req);
      const form = new URLSearchParams(body);
      if (appleClients.has(form.get('client_id') ?? '')) return appleTokenRequest(req, res, form);
      return replay(req, res, body);
    }
    provider.callback()(req, res);
  }

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.interactive)
      return answerInteractionPage(provider!, req, res, { accounts, issuerName: options.interactive.name, basePath: prefix });
    const details = await provider!.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      accounts.set(next.sub, next);
      await provider!.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider!.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await provider!.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  /** Microsoft's `common` document: the tenant's, with the `{tenantid}` template as issuer and no RFC 9207 promise. */
  async function multiTenantDocument(res: ServerResponse): Promise<void> {
    const own = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    delete own.authorization_response_iss_parameter_supported;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...own, issuer: `${origin}/{tenantid}/v2.0` }));
  }

  /** Entra sends no `iss` in the authorization response: take it off the redirect back to the client. */
  function withoutIssParameter(res: ServerResponse): void {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) => {
      if (name.toLowerCase() === 'location' && typeof value === 'string' && value.includes('iss=')) {
        const location = new URL(value);
        location.searchParams.delete('iss');
        return setHeader(name, location.href);
      }
      return setHeader(name, value);
    };
  }

  /** Checks Apple's ES256 client secret, then lets the provider answer with the registered secret in its place. */
  function appleTokenRequest(req: IncomingMessage, res: ServerResponse, form: URLSearchParams): Promise<void> {
    const secret = form.get('client_secret') ?? '';
    if (!validAppleSecret(secret, form.get('client_id') ?? '', createPublicKey(appleKey.privateKey))) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
      return Promise.resolve();
    }
    form.set('client_secret', CLIENT_SECRET);
    return replay(req, res, form.toString());
  }

  function validAppleSecret(jwt: string, clientId: string, key: KeyObject): boolean {
    const [header, payload, signature] = jwt.split('.');
    if (!header || !payload || !signature) return false;
    const verified = createVerify('SHA256')
      .update(`${header}.${payload}`)
      .verify({ key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    const h = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    return (
      verified &&
      h.alg === 'ES256' &&
      h.kid === apple.keyId &&
      c.iss === apple.teamId &&
      c.sub === clientId &&
      c.aud === issuer &&
      typeof c.exp === 'number' &&
      c.exp > now
    );
  }

  /** Hands the provider a request whose body was read here: a fresh copy of it, same headers. */
  async function replay(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const { Readable } = await import('node:stream');
    const copy = Object.assign(Readable.from([Buffer.from(body)]), {
      method: req.method,
      url: req.url,
      originalUrl: (req as IncomingMessage & { originalUrl?: string }).originalUrl,
      headers: { ...req.headers, 'content-length': String(Buffer.byteLength(body)) },
      socket: req.socket,
      connection: req.socket,
      httpVersion: req.httpVersion,
    }) as unknown as IncomingMessage;
    provider!.callback()(copy, res);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${origin}${prefix}`;
  const clientId = 'gatehouse-test-client';
  const pkceRequired = new Set([clientId, ...(options.clients ?? []).filter((c) => c.pkce).map((c) => c.clientId)]);
  // Loaded here, not at import: every test that imports the example kit's testing entry would load it.
  const { default: OidcProvider } = await import('oidc-provider');
  provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: options.refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.clientAuth ?? 'client_secret_basic',
      },
      ...(options.clients ?? []).map((c) => ({
        client_id: c.clientId,
        client_secret: CLIENT_SECRET,
        redirect_uris: [c.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: c.auth === 'apple_es256_jwt' ? 'client_secret_post' : c.auth,
      })),
    ],
    ...(options.refreshTokens ? { issueRefreshToken: async () => true, rotateRefreshToken: true } : {}),
    pkce: { required: (_ctx: unknown, client: { clientId: string }) => pkceRequired.has(client.clientId) },
    responseModes: options.responseModes ?? ['query', 'form_post'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}` },
    // Provider-specific claims ride on the scopes that carry them: Entra's `tid`, Battle.net's
    // `battle_tag`, and Twitch's address under its `user:read:email` scope.
    claims: {
      openid: ['sub', 'tid', 'battle_tag'],
      email: ['email', 'email_verified'],
      'user:read:email': ['email', 'email_verified', 'preferred_username', 'picture'],
      profile: ['name', 'picture', 'preferred_username', 'given_name', 'nickname'],
    },
    // The id_token carries the scope's claims, as Google's and Apple's do.
    conformIdTokenClaims: false,
    cookies: { keys: ['local-oidc-provider-cookie-key-0123456789'] },
    jwks: {
      keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig' }],
    },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined;
    },
  });
  return {
    issuer,
    clientId,
    clientSecret: CLIENT_SECRET,
    authority: origin,
    apple,
    signInAs(claims) {
      next = claims;
      if (options.interactive) accounts.set(claims.sub, claims);
    },
    forget(sub) {
      accounts.delete(sub);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });
}

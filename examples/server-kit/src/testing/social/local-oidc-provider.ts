/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';

/** The claims of an account at the local provider; `sub` is the account id. */
export type AccountClaims = Record<string, unknown> & { sub: string };

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in at this provider logs in as (the "user" typing at the provider). */
  signInAs(claims: AccountClaims): void;
  close(): Promise<void>;
}

/**
 * panva's certified `oidc-provider` on a free loopback port: authorization code flow with PKCE
 * required, `iss` in every authorization response (RFC 9207), signed id_tokens with nonce. Its
 * login and consent are answered at once for the account given to `signInAs`.
 */
export async function startLocalOidcProvider(options: { redirectUris: string[]; clientAuth?: 'client_secret_basic' | 'client_secret_post'; responseModes?: string[] }): Promise<LocalOidcProvider> {
  let next: AccountClaims = { sub: 'nobody' };
  const accounts = new Map<string, AccountClaims>();
  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        accounts.set(next.sub, next);
        await provider.interactionFinished(req, res, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    provider.callback()(req, res);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'gatehouse-test-client';
  const clientSecret = 'gatehouse-test-client-secret-0123456789';
  // Loaded here, not at import: every test that imports the example kit's testing entry would load it.
  const { default: OidcProvider } = await import('oidc-provider');
  provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.clientAuth ?? 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    responseModes: options.responseModes ?? ['query', 'form_post'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture', 'preferred_username', 'given_name'] },
    // The id_token carries the scope's claims, as Google's and Apple's do.
    conformIdTokenClaims: false,
    cookies: { keys: ['local-oidc-provider-cookie-key-0123456789'] },
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig' }] },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined;
    },
  });
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(claims) {
      next = claims;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

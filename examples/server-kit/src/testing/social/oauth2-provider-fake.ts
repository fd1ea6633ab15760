import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A provider's answers for one account, in that provider's documented shapes (path → JSON). */
export type ProviderShape = (account: FakeAccount) => Record<string, unknown>;

export interface FakeAccount {
  id: string | number;
  login: string;
  name: string;
  email: string | null;
  verified: boolean;
}

/** GitHub: `/user`, and `/user/emails` where only `primary && verified` counts. */
export const githubShape: ProviderShape = (a) => ({
  '/user': { id: a.id, login: a.login, name: a.name, avatar_url: `https://avatars.example.test/u/${a.id}` },
  '/user/emails': a.email
    ? [
        { email: `other-${a.email}`, primary: false, verified: true },
        { email: a.email, primary: true, verified: a.verified },
      ]
    : [],
});
/** Discord: `/users/@me` with `verified`. */
export const discordShape: ProviderShape = (a) => ({
  '/users/@me': { id: String(a.id), username: a.login, global_name: a.name, avatar: null, email: a.email, verified: a.verified },
});
/** X: `/users/me` with `confirmed_email` (present only when confirmed). */
export const xShape: ProviderShape = (a) => ({
  '/users/me': {
    data: { id: String(a.id), username: a.login, name: a.name, ...(a.email && a.verified ? { confirmed_email: a.email } : {}) },
  },
});
/** Facebook Graph `/me`: an address without any verified flag. */
export const facebookShape: ProviderShape = (a) => ({
  '/me': { id: String(a.id), name: a.name, email: a.email, picture: { data: { url: 'https://graph.example.test/pic.jpg' } } },
});
/** Spotify `/me`: an address without any verified flag. */
export const spotifyShape: ProviderShape = (a) => ({
  '/me': { id: String(a.id), display_name: a.name, email: a.email, images: [] },
});

export interface OAuth2ProviderFake {
  base: string;
  authorizationUrl: string;
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  signInAs(account: FakeAccount): void;
  /** Codes the token endpoint refused, e.g. a replayed one or a wrong PKCE verifier. */
  refusals: string[];
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * A small plain OAuth 2.0 provider on loopback: the authorization endpoint consents at once for the
 * account given to `signInAs`; the token endpoint checks the client secret, the redirect URI, PKCE
 * (S256) and single use of the code; the API answers in the shape of the provider it stands for.
 */
export async function startOAuth2ProviderFake(shape: ProviderShape): Promise<OAuth2ProviderFake> {
  const clientId = 'fake-client';
  const clientSecret = 'fake-client-secret-0123456789';
  let account: FakeAccount = { id: 1, login: 'nobody', name: 'Nobody', email: null, verified: false };
  const codes = new Map<string, { account: FakeAccount; redirectUri: string; challenge: string | null; used: boolean }>();
  const tokens = new Map<string, FakeAccount>();
  const refusals: string[] = [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const code = b64url(randomBytes(16));
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { account, redirectUri, challenge: url.searchParams.get('code_challenge'), used: false });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const basic = req.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
          : [form.get('client_id'), form.get('client_secret')];
        const grant = codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier');
        const refuse = (why: string) => {
          refusals.push(why);
          json(400, { error: 'invalid_grant' });
        };
        if (basic[0] !== clientId || basic[1] !== clientSecret) return refuse('client');
        if (!grant || grant.used) return refuse('code');
        grant.used = true;
        if (grant.redirectUri !== form.get('redirect_uri')) return refuse('redirect_uri');
        if (grant.challenge !== null && (!verifier || b64url(createHash('sha256').update(verifier).digest()) !== grant.challenge))
          return refuse('pkce');
        const token = b64url(randomBytes(16));
        tokens.set(token, grant.account);
        json(200, { access_token: token, token_type: 'bearer', scope: 'x' });
      });
      return;
    }
    const owner = tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
    if (!owner) return json(401, { message: 'Bad credentials' });
    const answers = shape(owner);
    const path = url.pathname.replace(/^\/api/, '');
    return path in answers ? json(200, answers[path]) : json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    authorizationUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    apiUrl: `${base}/api/`,
    clientId,
    clientSecret,
    refusals,
    signInAs(next) {
      account = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

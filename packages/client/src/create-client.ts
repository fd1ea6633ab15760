import { accessTokenExpiresAt } from './access-token-expiry.js';
import { GatehouseApiError, retryAfterSeconds } from './api-error.js';
import type {
  ExchangeResult,
  LinkedIdentity,
  LoginInput,
  LoginResult,
  MessageResult,
  RegisterAccepted,
  RegisterInput,
  RegisterResult,
  ResetPasswordInput,
  SocialProvider,
  TokenPair,
  UserProfile,
  UserSummary,
} from './api-types.js';
import { singleFlightRefresh, webLocks, type LockManagerLike } from './single-flight-refresh.js';
import { memoryTokenStorage, type TokenStorage } from './token-storage.js';

export interface ClientOptions {
  /** Where the API is: `https://auth.example.com`, or `''` for the page's own origin in a browser. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Where the session is kept. Defaults to memory. */
  storage?: TokenStorage;
  /** Refresh this many seconds before the access token's `exp` (clock skew, slow networks). Default 10. */
  refreshLeewaySeconds?: number;
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
  /** Cross-tab coordination of refreshes; defaults to `navigator.locks` where the runtime has it. */
  locks?: LockManagerLike;
  /** Told when the session ended without `logout` (its refresh was refused): show the sign-in page. */
  onSessionEnd?: () => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface GatehouseClient {
  /** Keeps the session of the answer; a server that conceals registered addresses answers `RegisterAccepted` (no session). */
  register(input: RegisterInput): Promise<RegisterResult | RegisterAccepted>;
  login(input: LoginInput): Promise<LoginResult>;
  /** Rotates the session now (single-flight); usually not needed, as calls refresh by themselves. */
  refresh(): Promise<TokenPair>;
  /** Ends this session on the server and forgets it here. */
  logout(): Promise<void>;
  /** Ends every session of the user. */
  logoutAll(): Promise<void>;
  verifyEmail(token: string): Promise<MessageResult>;
  forgotPassword(email: string): Promise<MessageResult>;
  resetPassword(input: ResetPasswordInput): Promise<MessageResult>;
  verifyToken(): Promise<{ message: string; user: UserSummary }>;
  me(): Promise<UserProfile>;
  /** The URL to send the browser to for social sign-in; the provider's answer comes back to `redirectUri?code=…`. */
  socialSignInUrl(provider: string, redirectUri: string): string;
  /**
   * Trades the one-time `code` of the social sign-in redirect for a session. The code is bound to the
   * browser that started the sign-in (its cookie), so the call is made with `credentials: 'same-origin'`
   * and the page must be on the API's origin.
   */
  exchangeCode(code: string): Promise<ExchangeResult>;
  /** The enabled social sign-in providers (`GET /auth/oauth/providers`), for sign-in buttons. */
  socialProviders(): Promise<SocialProvider[]>;
  /** The provider identities linked to the signed-in user (`GET /users/me/identities`). */
  identities(): Promise<LinkedIdentity[]>;
  /**
   * Starts linking a provider account to the signed-in user (`POST /auth/oauth/:provider/link`) and
   * returns the URL to send the browser to; the provider's answer comes back to `redirectUri?linked=<provider>`
   * (or `?error=`). The answer sets the cookie that binds the flow to this browser, so in a browser
   * the page must be on the API's origin (the call is made with `credentials: 'same-origin'`).
   */
  startLinking(provider: string, redirectUri: string): Promise<string>;
  /** Unlinks the user's identity at `provider`; 409 `CONFLICT` when it is the last way to sign in. */
  unlinkIdentity(provider: string): Promise<void>;
  /** Any other route of the API with the session's access token (refreshed when needed). */
  request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
  /** The stored session, or null when signed out. */
  session(): Promise<TokenPair | null>;
}

interface CallOptions {
  body?: unknown;
  token?: string;
  /** `omit` unless a route sets a cookie the browser must keep (linking). */
  credentials?: Credentials;
}

type Credentials = 'omit' | 'same-origin';

/**
 * A typed client of the Gatehouse API for browsers and Node, built on `fetch` alone. It keeps the
 * session, refreshes the access token shortly before it expires or after a 401, and does so once
 * for any number of concurrent calls (and once across tabs with the Web Locks API), so refresh-token
 * reuse detection never signs out a healthy client. Every failure is a `GatehouseApiError`.
 *
 * @example
 * const client = createGatehouseClient({ baseUrl: 'https://auth.example.com' });
 * await client.login({ email: 'ada@example.com', password: 'correct horse battery' });
 * const me = await client.me();
 */
export function createGatehouseClient(options: ClientOptions): GatehouseClient {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const storage = options.storage ?? memoryTokenStorage();
  const now = options.now ?? Date.now;
  const leewayMs = (options.refreshLeewaySeconds ?? 10) * 1000;

  async function call<T>(method: HttpMethod, path: string, { body, token, credentials = 'omit' }: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials,
      });
    } catch {
      throw new GatehouseApiError(0, undefined);
    }
    if (response.status === 204) return undefined as T;
    const data: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new GatehouseApiError(response.status, data, retryAfterSeconds(response.headers.get('retry-after')));
    return data as T;
  }

  const refreshOnce = singleFlightRefresh(
    storage,
    async (refreshToken) => {
      try {
        return await call<TokenPair>('POST', '/auth/refresh-token', { body: { refreshToken } });
      } catch (error) {
        // A refused refresh token ends the session: forget it, so the app shows sign-in.
        if (error instanceof GatehouseApiError && (error.status === 401 || error.status === 400)) {
          await storage.save(null);
          options.onSessionEnd?.();
        }
        throw error;
      }
    },
    { locks: options.locks ?? webLocks(), lockName: `gatehouse-refresh:${base}` },
  );

  async function signedIn(): Promise<TokenPair> {
    const tokens = await storage.load();
    if (!tokens)
      throw new GatehouseApiError(401, { statusCode: 401, message: 'Not signed in.', error: 'Unauthorized', code: 'TOKEN_MISSING' });
    return tokens;
  }

  // An empty access token (a storage that keeps only the refresh token across reloads) needs a refresh first.
  const expiresSoon = (accessToken: string) => {
    if (!accessToken) return true;
    const exp = accessTokenExpiresAt(accessToken);
    return exp !== undefined && exp - leewayMs <= now();
  };

  async function authorized<T>(method: HttpMethod, path: string, body?: unknown, credentials?: Credentials): Promise<T> {
    let tokens = await signedIn();
    if (expiresSoon(tokens.accessToken)) tokens = await refreshOnce(tokens);
    try {
      return await call<T>(method, path, { body, token: tokens.accessToken, credentials });
    } catch (error) {
      // The server may end an access token early (logout in strict mode, a role change): one refresh, one retry.
      if (!(error instanceof GatehouseApiError) || error.status !== 401) throw error;
      const fresh = await refreshOnce(tokens);
      return call<T>(method, path, { body, token: fresh.accessToken, credentials });
    }
  }

  /** Stores the session of an answer that carries one (a concealed registration carries none). */
  async function keep<T extends object>(result: Promise<T>): Promise<T> {
    const value = await result;
    if ('accessToken' in value && 'refreshToken' in value) {
      const { accessToken, refreshToken } = value as TokenPair;
      await storage.save({ accessToken, refreshToken });
    }
    return value;
  }

  return {
    register: (input) => keep(call<RegisterResult | RegisterAccepted>('POST', '/auth/register', { body: input })),
    login: (input) => keep(call<LoginResult>('POST', '/auth/login', { body: input })),
    refresh: async () => refreshOnce(await signedIn()),
    async logout() {
      const tokens = await storage.load();
      if (!tokens) return;
      try {
        await call<void>('POST', '/auth/logout', { body: { refreshToken: tokens.refreshToken } });
      } finally {
        await storage.save(null);
      }
    },
    async logoutAll() {
      try {
        await authorized<void>('POST', '/auth/logout-all');
      } finally {
        await storage.save(null);
      }
    },
    verifyEmail: (token) => call<MessageResult>('GET', `/auth/verify-email?token=${encodeURIComponent(token)}`),
    forgotPassword: (email) => call<MessageResult>('POST', '/auth/forgot-password', { body: { email } }),
    resetPassword: (input) => call<MessageResult>('POST', '/auth/reset-password', { body: input }),
    verifyToken: () => authorized('POST', '/auth/verify-token'),
    me: () => authorized<UserProfile>('GET', '/users/me'),
    socialSignInUrl: (provider, redirectUri) =>
      `${base}/auth/oauth/${encodeURIComponent(provider)}?redirect_uri=${encodeURIComponent(redirectUri)}`,
    // The code counts only with the cookie of the browser that ran the flow (login CSRF), so it goes along.
    exchangeCode: (code) => keep(call<ExchangeResult>('POST', '/auth/oauth/exchange', { body: { code }, credentials: 'same-origin' })),
    socialProviders: async () => (await call<{ providers: SocialProvider[] }>('GET', '/auth/oauth/providers')).providers,
    identities: async () => (await authorized<{ identities: LinkedIdentity[] }>('GET', '/users/me/identities')).identities,
    startLinking: async (provider, redirectUri) =>
      (
        await authorized<{ url: string }>(
          'POST',
          `/auth/oauth/${encodeURIComponent(provider)}/link`,
          { redirect_uri: redirectUri },
          'same-origin',
        )
      ).url,
    unlinkIdentity: (provider) => authorized<void>('DELETE', `/users/me/identities/${encodeURIComponent(provider)}`),
    request: (method, path, body) => authorized(method, path.replace(/^\/api\/v1/, ''), body),
    session: async () => storage.load(),
  };
}

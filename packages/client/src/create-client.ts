import { accessTokenExpiresAt, accessTokenSessionId } from './access-token-expiry.js';
import { GatehouseApiError, retryAfterSeconds } from './api-error.js';
import type {
  AccountSession,
  UserUpdated,
  ExchangeResult,
  LinkedIdentity,
  LoginResult,
  MessageResult,
  RegisterAccepted,
  RegisterResult,
  SocialProvider,
  TokenPair,
  UserProfile,
} from './api-types.js';
import type { MfaChallenge, MfaStatus, PasskeyLoginOptions, TotpEnrollment } from './mfa-types.js';
import { sessionChannel } from './session-channel.js';
import { singleFlightRefresh, webLocks } from './single-flight-refresh.js';
import { memoryTokenStorage } from './token-storage.js';
import type { ClientOptions, GatehouseClient, HttpMethod } from './gatehouse-client.js';

const ignoreSignedOut = (error: unknown) => {
  if (!(error instanceof GatehouseApiError) || error.status !== 401) throw error;
};

interface CallOptions {
  body?: unknown;
  token?: string;
  /** `omit` unless a route sets a cookie the browser must keep (linking). */
  credentials?: Credentials;
}

type Credentials = 'omit' | 'same-origin' | 'include';

// Asks a server whose cookie mode is 'auto' for cookies (`usesCookies` in @gatehousejs/http).
const COOKIE_MODE_HEADER = { 'gatehouse-session': 'cookie' } as const;

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
  if (options.cookies && options.storage) throw new TypeError('cookie mode keeps the access token in memory: leave storage out');
  const cookies = options.cookies === true;
  const storage = options.storage ?? memoryTokenStorage();
  // In cookie mode every call carries the cookie (and lets the answer set or clear it).
  const defaultCredentials: Credentials = cookies ? 'include' : 'omit';
  const channel = cookies ? sessionChannel(`gatehouse-session:${base}`, options.channel) : undefined;
  const now = options.now ?? Date.now;
  const leewayMs = (options.refreshLeewaySeconds ?? 10) * 1000;

  async function call<T>(
    method: HttpMethod,
    path: string,
    { body, token, credentials = defaultCredentials }: CallOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...(cookies ? COOKIE_MODE_HEADER : {}) };
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

  channel?.onSignedOut(() => {
    void Promise.resolve(storage.save(null)).then(() => options.onSessionEnd?.());
  });

  const refreshOnce = singleFlightRefresh(
    storage,
    async (refreshToken) => {
      const held = await storage.load();
      try {
        // Cookie mode: no body, the browser sends the cookie.
        if (cookies) return { ...(await call<{ accessToken: string }>('POST', '/auth/refresh-token')), refreshToken: '' };
        return await call<TokenPair>('POST', '/auth/refresh-token', { body: { refreshToken } });
      } catch (error) {
        // A refused refresh token ends the session: forget it, so the app shows sign-in.
        if (error instanceof GatehouseApiError && (error.status === 401 || error.status === 400)) {
          await storage.save(null);
          // A page load that finds no cookie had no session to end.
          if (held) options.onSessionEnd?.();
        }
        throw error;
      }
    },
    { locks: options.locks ?? webLocks(), lockName: `gatehouse-refresh:${base}` },
  );

  // Cookie mode after a page load: the cookie may hold a session this page has no access token for yet.
  const resumed = async (): Promise<TokenPair | null> => {
    const tokens = await storage.load();
    if (tokens || !cookies) return tokens;
    try {
      return await refreshOnce({ accessToken: '', refreshToken: '' });
    } catch (error) {
      if (error instanceof GatehouseApiError && error.status === 401) return null;
      throw error;
    }
  };

  async function signedIn(): Promise<TokenPair> {
    const tokens = await resumed();
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
    if ('accessToken' in value && ('refreshToken' in value || cookies)) {
      const { accessToken, refreshToken = '' } = value as Partial<TokenPair> & { accessToken: string };
      await storage.save({ accessToken, refreshToken });
    }
    return value;
  }

  return {
    register: (input) => keep(call<RegisterResult | RegisterAccepted>('POST', '/auth/register', { body: input })),
    login: (input) => keep(call<LoginResult | MfaChallenge>('POST', '/auth/login', { body: input })),
    verifyMfa: (input) => keep(call<LoginResult>('POST', '/auth/mfa/verify', { body: input })),
    mfaStatus: () => authorized<MfaStatus>('GET', '/users/me/mfa'),
    startTotp: () => authorized<TotpEnrollment>('POST', '/users/me/mfa/totp'),
    confirmTotp: (code) => authorized<{ recoveryCodes: string[] }>('POST', '/users/me/mfa/totp/confirm', { code }),
    passkeyLoginOptions: (email) =>
      call<PasskeyLoginOptions>('POST', '/auth/passkey/options', { body: email === undefined ? {} : { email } }),
    passkeyLogin: (challengeId, response) => keep(call<LoginResult>('POST', '/auth/passkey/login', { body: { challengeId, response } })),
    passkeyRegistrationOptions: () => authorized('POST', '/users/me/passkeys/options'),
    addPasskey: (response, name) => authorized('POST', '/users/me/passkeys', name === undefined ? { response } : { response, name }),
    refresh: async () => refreshOnce(await signedIn()),
    async logout() {
      const tokens = await storage.load();
      try {
        if (cookies) await call<void>('POST', '/auth/logout').catch(ignoreSignedOut);
        else if (tokens) await call<void>('POST', '/auth/logout', { body: { refreshToken: tokens.refreshToken } });
      } finally {
        await storage.save(null);
        channel?.signedOut();
      }
    },
    async logoutAll() {
      try {
        await authorized<void>('POST', '/auth/logout-all');
      } finally {
        await storage.save(null);
        channel?.signedOut();
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
    exchangeCode: (code) =>
      keep(call<ExchangeResult | MfaChallenge>('POST', '/auth/oauth/exchange', { body: { code }, credentials: 'same-origin' })),
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
    async reauthenticate(proof) {
      const body = typeof proof === 'string' ? { password: proof } : proof;
      const { accessToken } = await authorized<{ accessToken: string }>('POST', '/auth/reauthenticate', body);
      const tokens = await storage.load();
      if (tokens) await storage.save({ ...tokens, accessToken });
    },
    changePassword: (input) => authorized<MessageResult>('PUT', '/users/me/password', input),
    changeEmail: (email) => authorized<MessageResult>('PUT', '/users/me/email', { email }),
    sessions: async () => (await authorized<{ sessions: AccountSession[] }>('GET', '/users/me/sessions')).sessions,
    async endSession(id) {
      const current = (await storage.load())?.accessToken;
      await authorized<void>('DELETE', `/users/me/sessions/${encodeURIComponent(id)}`);
      if (current && accessTokenSessionId(current) === id) await storage.save(null);
    },
    endOtherSessions: () => authorized<void>('DELETE', '/users/me/sessions'),
    async deleteAccount(password) {
      await authorized<void>('DELETE', '/users/me', { password });
      await storage.save(null);
    },
    setAccountStatus: (userId, disabled) => authorized<UserUpdated>('PUT', `/users/${encodeURIComponent(userId)}/status`, { disabled }),
    request: (method, path, body) => authorized(method, path.replace(/^\/api\/v1/, ''), body),
    session: resumed,
  };
}

import { accessTokenExpiresAt, accessTokenSessionId } from './access-token-expiry.js';
import { GatehouseApiError, retryAfterSeconds } from './api-error.js';
import type {
  AccountSession,
  ChangePasswordInput,
  UserUpdated,
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
import type {
  MfaChallenge,
  MfaStatus,
  MfaVerifyInput,
  Passkey,
  PasskeyLoginOptions,
  PublicKeyCredentialJSON,
  ReauthenticationProof,
  TotpEnrollment,
} from './mfa-types.js';
import { sessionChannel, type SessionChannelLike } from './session-channel.js';
import { singleFlightRefresh, webLocks, type LockManagerLike } from './single-flight-refresh.js';
import { memoryTokenStorage, type TokenStorage } from './token-storage.js';

export interface ClientOptions {
  /** Where the API is: `https://auth.example.com`, or `''` for the page's own origin in a browser. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Where the session is kept. Defaults to memory. Not with `cookies`: the access token then stays in memory. */
  storage?: TokenStorage;
  /**
   * Cookie mode, for a server with `cookies.enabled` `true` or `'auto'` (docs/browser-sessions.md):
   * every call asks for it with `Gatehouse-Session: cookie` and is made with `credentials: 'include'`,
   * the refresh token lives in an HttpOnly cookie no script can read, the access token is kept in memory only, and a page load gets a new one from the cookie
   * (`session()` or the first call), so a reload keeps the user signed in. `refreshToken` is `''`.
   */
  cookies?: boolean;
  /** Cookie mode's channel to the other tabs (a logout is seen by all); defaults to a `BroadcastChannel`. */
  channel?: SessionChannelLike;
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
  /**
   * Signs in and keeps the session; for an account with a second factor answers its challenge
   * instead (`mfaRequired`), to be answered with `verifyMfa`.
   */
  login(input: LoginInput): Promise<LoginResult | MfaChallenge>;
  /** Answers a sign-in's second-factor challenge (`POST /auth/mfa/verify`) and keeps the session. */
  verifyMfa(input: MfaVerifyInput): Promise<LoginResult>;
  /** `GET /users/me/mfa`. */
  mfaStatus(): Promise<MfaStatus>;
  /** `POST /users/me/mfa/totp` then `/confirm`: set up an authenticator app; confirming answers the recovery codes. */
  startTotp(): Promise<TotpEnrollment>;
  confirmTotp(code: string): Promise<{ recoveryCodes: string[] }>;
  /** `POST /auth/passkey/options`: request options for a passkey sign-in or second step. */
  passkeyLoginOptions(email?: string): Promise<PasskeyLoginOptions>;
  /** `POST /auth/passkey/login`: signs in with a passkey assertion and keeps the session. */
  passkeyLogin(challengeId: string, response: PublicKeyCredentialJSON): Promise<LoginResult>;
  /** `POST /users/me/passkeys/options` and `POST /users/me/passkeys`. */
  passkeyRegistrationOptions(): Promise<Record<string, unknown> & { challenge: string }>;
  addPasskey(response: PublicKeyCredentialJSON, name?: string): Promise<{ passkey: Passkey }>;
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
  exchangeCode(code: string): Promise<ExchangeResult | MfaChallenge>;
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
  /**
   * Confirms the password again (`POST /auth/reauthenticate`), or a second factor (`{ code }`, a
   * passkey assertion): the session gets a fresh `auth_time`, which changing the e-mail, deleting the
   * account and changing a factor need (else `code: 'REAUTHENTICATION_REQUIRED'`). A string is the password.
   */
  reauthenticate(proof: string | ReauthenticationProof): Promise<void>;
  /** Changes the password; every other session ends, this one stays signed in. */
  changePassword(input: ChangePasswordInput): Promise<MessageResult>;
  /** Asks to move the account to a new address (`PUT /users/me/email`); set once the mailed link is followed. */
  changeEmail(email: string): Promise<MessageResult>;
  /** The signed-in user's sessions, one per device, `current` marking this one. */
  sessions(): Promise<AccountSession[]>;
  /** Ends one session ("sign out this device"); ending the current one signs this client out. */
  endSession(id: string): Promise<void>;
  /** Ends every session but this one ("sign out everywhere else"). */
  endOtherSessions(): Promise<void>;
  /** Deletes the account (needs a recent authentication) and forgets the session here. */
  deleteAccount(password: string): Promise<void>;
  /** For an administrator: disables or enables an account (`PUT /users/:id/status`). */
  setAccountStatus(userId: string, disabled: boolean): Promise<UserUpdated>;
  /** Any other route of the API with the session's access token (refreshed when needed). */
  request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
  /**
   * The stored session, or null when signed out. In cookie mode, on a page just loaded, it first asks
   * the server for an access token through the cookie (call it on load to know who is signed in).
   */
  session(): Promise<TokenPair | null>;
}

// Logging out without a session (no cookie, or one already refused) is done, not an error.
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

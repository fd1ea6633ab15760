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
import type { SessionChannelLike } from './session-channel.js';
import type { LockManagerLike } from './single-flight-refresh.js';
import type { TokenStorage } from './token-storage.js';

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

import { forRequest, type FlowContext } from '../flow-kit/flow-context.js';
import type { MfaChallenge } from '../mfa/login-challenge.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { AuthError } from '../errors/auth-error.js';
import type { SecretBox } from '../mfa/secret-box.js';
import { getProviderAccessToken, type ProviderAccessToken, type ProviderTokenVault } from './provider-access-token.js';
import { listIdentities, unlinkIdentity, type IdentityView } from './identity-flows.js';
import type { ProviderId } from './provider-definition.js';
import { buildProviders, summaryOf, type ProviderSummary } from './provider-registry.js';
import { parseSocialConfig, type SocialConfig, type SocialConfigInput } from './social-config.js';
import {
  exchangeCode,
  finishSocialSignIn,
  startSocialSignIn,
  type CallbackOutcome,
  type ExchangeResult,
  type SocialContext,
  type SocialStart,
} from './social-flows.js';

/** Social sign-in and linked identities (CONTRACT §8), bound to one app's config and ports. */
export interface SocialSignIn {
  /** Whether the app is served over HTTPS (its `appUrl`): the state cookie is then `__Host-` and Secure. */
  readonly secureCookies: boolean;
  /** The enabled providers, for sign-in buttons. */
  providers(): ProviderSummary[];
  /** `GET /oauth/:provider`: where to send the browser, and the secret for its cookie. */
  start(provider: unknown, redirectUri: unknown, request?: RequestContext): Promise<SocialStart>;
  /** `POST /oauth/:provider/link`: as `start`, for linking the provider account to `userId`. */
  startLink(userId: string, provider: unknown, body: unknown, request?: RequestContext): Promise<SocialStart>;
  /** `GET|POST /oauth/:provider/callback`: where to send the browser back (`?code=`, `?linked=`, `?error=`). */
  callback(
    provider: unknown,
    parameters: URLSearchParams,
    browserKey: string | undefined,
    request?: RequestContext,
  ): Promise<CallbackOutcome>;
  /**
   * `POST /oauth/exchange`: the one-time code for a session, with the browser key from the cookie of
   * the browser that ran the flow (a code is worth nothing in another browser). For an account with a
   * second factor, its challenge instead of tokens (docs/mfa.md).
   */
  exchange(body: unknown, browserKey: string | undefined, request?: RequestContext): Promise<ExchangeResult | MfaChallenge>;
  listIdentities(userId: string): Promise<{ identities: IdentityView[] }>;
  /**
   * The user's access token at `provider`, for the app's own calls to the provider's API (server
   * side): refreshed with the stored refresh token when it has expired; parallel calls share one
   * refresh. Needs `social.storeProviderTokens` and `mfa.encryptionKeys`. Throws `IDENTITY_NOT_FOUND`,
   * `PROVIDER_SIGN_IN_REQUIRED` (the user must sign in with the provider again) or
   * `PROVIDER_UNAVAILABLE` (503). Never hand the token to a browser you do not have to.
   *
   * @example
   * const { accessToken } = await auth.social.getProviderAccessToken(user.sub, 'github');
   * await fetch('https://api.github.com/user/repos', { headers: { authorization: `Bearer ${accessToken}` } });
   */
  getProviderAccessToken(userId: string, provider: unknown): Promise<ProviderAccessToken>;
  unlinkIdentity(userId: string, provider: unknown): Promise<void>;
}

export function createSocialSignIn(
  ctx: FlowContext,
  input: SocialConfigInput | undefined,
  onProviderError: (provider: ProviderId, error: unknown, request?: RequestContext) => void,
  secondStep?: SocialContext['secondStep'],
  /** The second factors' secret box, when `mfa.encryptionKeys` holds a key. */
  box?: SecretBox,
): SocialSignIn {
  // Without settings no provider is enabled: every provider route answers 404, the list is empty.
  const config: SocialConfig = parseSocialConfig(input ?? { appUrl: 'http://localhost/' });
  const tokenVault = config.storeProviderTokens ? providerTokenVault(box) : null;
  const s: SocialContext = {
    ctx,
    config,
    providers: buildProviders(config),
    onProviderError,
    ...(secondStep ? { secondStep } : {}),
    ...(tokenVault ? { tokenVault } : {}),
  };
  // A request with an id: its events, background failures and provider errors carry it.
  const inRequest = (request: RequestContext): SocialContext =>
    request.requestId === undefined
      ? s
      : { ...s, ctx: forRequest(ctx, request), onProviderError: (provider, error) => onProviderError(provider, error, request) };
  const bodyRedirect = (body: unknown) =>
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).redirect_uri : undefined;
  return {
    secureCookies: new URL(config.appUrl).protocol === 'https:',
    providers: () => [...s.providers].map(([id, provider]) => summaryOf(id, provider)),
    start: (provider, redirectUri, request = {}) => startSocialSignIn(inRequest(request), provider, redirectUri, request),
    startLink: (userId, provider, body, request = {}) =>
      startSocialSignIn(inRequest(request), provider, bodyRedirect(body), request, userId),
    callback: (provider, parameters, browserKey, request = {}) =>
      finishSocialSignIn(inRequest(request), provider, parameters, browserKey, request),
    exchange: (body, browserKey, request = {}) => exchangeCode(inRequest(request), body, browserKey, request),
    listIdentities: (userId) => listIdentities(ctx, userId),
    unlinkIdentity: (userId, provider) => unlinkIdentity(ctx, userId, provider),
    getProviderAccessToken: (userId, provider) => getProviderAccessToken(s, tokenVault, userId, provider),
  };
}

/** Stored tokens are sealed with the second factors' keys: without one, storing them is refused at start. */
function providerTokenVault(box: SecretBox | undefined): ProviderTokenVault {
  if (!box) {
    throw new AuthError(
      'INVALID_CONFIG',
      'Invalid setting social.storeProviderTokens: provider tokens are sealed with mfa.encryptionKeys (MFA_ENCRYPTION_KEY, 32 random bytes, base64); set one.',
    );
  }
  return { box, inFlight: new Map() };
}

import { forRequest, type FlowContext } from '../flows/flow-context.js';
import type { RequestContext } from '../flows/request-context.js';
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
   * the browser that ran the flow (a code is worth nothing in another browser).
   */
  exchange(body: unknown, browserKey: string | undefined, request?: RequestContext): Promise<ExchangeResult>;
  listIdentities(userId: string): Promise<{ identities: IdentityView[] }>;
  unlinkIdentity(userId: string, provider: unknown): Promise<void>;
}

export function createSocialSignIn(
  ctx: FlowContext,
  input: SocialConfigInput | undefined,
  onProviderError: (provider: ProviderId, error: unknown, request?: RequestContext) => void,
): SocialSignIn {
  // Without settings no provider is enabled: every provider route answers 404, the list is empty.
  const config: SocialConfig = parseSocialConfig(input ?? { appUrl: 'http://localhost/' });
  const s: SocialContext = { ctx, config, providers: buildProviders(config), onProviderError };
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
  };
}

import * as oauth from 'oauth4webapi';
import type { UserRecord } from '../ports/user-store.js';
import type { MfaChallenge } from '../mfa/login-challenge.js';
import { AuthError } from '../errors/auth-error.js';
import type { FlowContext } from '../flow-kit/flow-context.js';
import { issueTokenPair } from '../flow-kit/issue-token-pair.js';
import type { LoginResult } from '../flows/login.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { toUserSummary } from '../flow-kit/user-views.js';
import { hashOneTimeToken } from '../one-time/one-time-token.js';
import { randomToken } from '../random/random-values.js';
import { LIMITS, parseInput } from '../validation/input-schemas.js';
import { z } from 'zod';
import { resolveAccount, type CallbackError, type Resolution } from './account-resolution.js';
import { hashBrowserKey, hashExchangeCode, newBrowserKey, pkceVerifierFor, sameDigest } from './browser-binding.js';
import { authorizationUrl, exchangeAndReadProfile, sendsNonce } from './oauth-client.js';
import type { ProviderId, ProviderProfile } from './provider-definition.js';
import type { ProviderTokenVault } from './provider-access-token.js';
import { storeProviderTokens, type ProviderTokenSet } from './provider-tokens.js';
import { enabledProvider, providerUnavailable, type EnabledProvider } from './provider-registry.js';
import { allowedRedirectUri } from './redirect-uri.js';
import type { SocialConfig } from './social-config.js';

/** What the social flows receive besides the shared flow context. */
export interface SocialContext {
  ctx: FlowContext;
  config: SocialConfig;
  providers: ReadonlyMap<ProviderId, EnabledProvider>;
  /** Told about a failed callback (the reason, never a token); the browser only sees `provider_error`. */
  onProviderError: (provider: ProviderId, error: unknown) => void;
  /** The second step an account with a second factor needs before tokens (docs/mfa.md), or null. */
  secondStep?: (ctx: FlowContext, user: UserRecord, now: Date, isNewUser: boolean) => Promise<MfaChallenge | null>;
  /** With `storeProviderTokens`: where sign-ins keep the provider's tokens (docs/social-sign-in.md). */
  tokenVault?: ProviderTokenVault;
}

/** Where to send the browser at the provider, and the secret its cookie must hold until it comes back. */
export interface SocialStart {
  url: string;
  browserKey: string;
  /** How long the cookie is needed (the state's lifetime). */
  maxAgeSeconds: number;
}

/** Where the callback sends the browser, and how long its browser-key cookie must stay (0: clear it). */
export interface CallbackOutcome {
  location: string;
  browserKeyMaxAgeSeconds?: number;
}

/** The exchange's answer: the login shape plus whether the callback created the account. */
// Roles as strings: the social routes serve any auth instance, whatever its role set.
export interface ExchangeResult extends LoginResult<string> {
  isNewUser: boolean;
}

/**
 * Starts a sign-in (or, with `linkUserId`, the linking of a provider account to that user): checks
 * `redirect_uri` against the allow-list, stores the hashed state with the browser key's hash, and
 * answers the provider URL with state, PKCE S256 (derived from the browser key) and an OIDC nonce.
 */
export async function startSocialSignIn(
  s: SocialContext,
  providerId: unknown,
  redirectUri: unknown,
  request: RequestContext,
  linkUserId: string | null = null,
): Promise<SocialStart> {
  const now = s.ctx.clock.now();
  const [id, provider] = enabledProvider(s.providers, providerId);
  await enforceClientLimit(s.ctx, request, now);
  const target = allowedRedirectUri(redirectUri, s.config.redirectAllowlist);
  const state = randomToken(s.ctx.random, 32);
  const browserKey = newBrowserKey(s.ctx.random);
  const nonce = provider.kind === 'oauth' && sendsNonce(provider.configured.definition) ? randomToken(s.ctx.random, 32) : null;
  const url =
    provider.kind === 'steam'
      ? provider.steam.authorizationUrl(state)
      : await authorizationUrl(provider.configured, {
          state,
          nonce,
          codeVerifier: provider.configured.definition.pkce ? await pkceVerifierFor(browserKey, state) : null,
        }).catch((error: unknown) => {
          s.onProviderError(id, error);
          throw providerUnavailable(id, error);
        });
  await s.ctx.store.oauthStates.saveOAuthState({
    stateHash: await hashOneTimeToken(state),
    provider: id,
    browserKeyHash: await hashBrowserKey(browserKey),
    redirectUri: target,
    nonce,
    linkUserId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + s.config.stateTtlSeconds * 1000),
  });
  return { url, browserKey, maxAgeSeconds: s.config.stateTtlSeconds };
}

const back = (redirectUri: string, key: 'code' | 'error' | 'linked', value: string) => {
  const url = new URL(redirectUri);
  url.searchParams.set(key, value);
  return url.href;
};

function providerErrorOf(parameters: URLSearchParams): CallbackError | null {
  const error = parameters.get('error');
  if (error === null) return null;
  return error === 'access_denied' ? 'access_denied' : 'provider_error';
}

/**
 * The provider's answer: checks state (single use, this provider) and the browser's cookie, then the
 * provider's answer in full, finds or creates the account, and answers where to send the browser:
 * `redirect_uri?code=` (a one-time exchange code, 60 s), `?linked=<provider>`, or `?error=`. A
 * missing, unknown, used or expired state has no trusted place to go back to: 400.
 */
export async function finishSocialSignIn(
  s: SocialContext,
  providerId: unknown,
  parameters: URLSearchParams,
  browserKey: string | undefined,
  request: RequestContext,
): Promise<CallbackOutcome> {
  const now = s.ctx.clock.now();
  const [id, provider] = enabledProvider(s.providers, providerId);
  await enforceClientLimit(s.ctx, request, now);
  const states = parameters.getAll('state');
  const state = states.length === 1 ? states[0]! : '';
  if (state.length === 0 || state.length > LIMITS.tokenMax) {
    throw new AuthError('ONE_TIME_TOKEN_INVALID');
  }
  const record = await s.ctx.store.oauthStates.consumeOAuthState(await hashOneTimeToken(state), now);
  if (!record || record.provider !== id) {
    throw new AuthError('ONE_TIME_TOKEN_INVALID');
  }
  const to = record.redirectUri;
  // Bound to the browser that started it: a state replayed from elsewhere (login CSRF) goes nowhere.
  if (browserKey === undefined || !sameDigest(await hashBrowserKey(browserKey), record.browserKeyHash)) {
    return { location: back(to, 'error', 'access_denied') };
  }
  const refusedByProvider =
    provider.kind === 'oauth' ? providerErrorOf(parameters) : parameters.get('openid.mode') === 'cancel' ? 'access_denied' : null;
  if (refusedByProvider) return { location: back(to, 'error', refusedByProvider) };

  let signedIn: { profile: ProviderProfile; tokens?: ProviderTokenSet };
  try {
    signedIn =
      provider.kind === 'steam'
        ? { profile: await provider.steam.verify(parameters, state, now) }
        : await exchangeAndReadProfile(provider.configured, {
            parameters,
            state,
            nonce: record.nonce,
            codeVerifier: provider.configured.definition.pkce ? await pkceVerifierFor(browserKey, state) : null,
            now,
          });
  } catch (error) {
    s.onProviderError(id, error);
    const denied = error instanceof oauth.AuthorizationResponseError && error.error === 'access_denied';
    return { location: back(to, 'error', denied ? 'access_denied' : 'provider_error') };
  }

  const resolution: Resolution = await resolveAccount(s.ctx, id, signedIn.profile, record.linkUserId, now);
  if (resolution.outcome === 'refused') return { location: back(to, 'error', resolution.error) };
  if (s.tokenVault && signedIn.tokens) {
    const identity = { id: resolution.identityId, userId: resolution.userId };
    const identities = s.ctx.store.identities;
    await storeProviderTokens(
      identities,
      s.tokenVault.box,
      identity,
      signedIn.tokens,
      await identities.findProviderTokens(identity.id),
      now,
    );
  }
  if (resolution.outcome === 'linked') return { location: back(to, 'linked', id) };
  const token = randomToken(s.ctx.random, 32);
  await s.ctx.store.oneTimeTokens.saveOneTimeToken({
    tokenHash: await hashExchangeCode(token, browserKey),
    purpose: resolution.isNewUser ? 'oauth-sign-up' : 'oauth-sign-in',
    userId: resolution.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + s.config.exchangeCodeTtlSeconds * 1000),
  });
  // The cookie stays for the exchange, which must come from this browser too.
  return { location: back(to, 'code', token), browserKeyMaxAgeSeconds: s.config.exchangeCodeTtlSeconds };
}

const exchangeInput = z.object({ code: z.string().min(1, 'is required').max(LIMITS.tokenMax, 'is too long') });

/**
 * Trades a one-time exchange code for a session: the login shape plus `isNewUser`. The code counts
 * only with the browser key of the flow that made it (the cookie), and is consumed atomically (of
 * two parallel exchanges one gets 200); unknown, used, expired or from another browser: 400.
 */
export async function exchangeCode(
  s: SocialContext,
  body: unknown,
  browserKey: string | undefined,
  request: RequestContext,
): Promise<ExchangeResult | MfaChallenge> {
  const now = s.ctx.clock.now();
  await enforceClientLimit(s.ctx, request, now);
  const { code } = parseInput(exchangeInput, body);
  // Without the cookie of the browser that ran the flow, no code is anyone's (login CSRF).
  if (browserKey === undefined) throw new AuthError('ONE_TIME_TOKEN_INVALID');
  const codeHash = await hashExchangeCode(code, browserKey);
  const tokens = s.ctx.store.oneTimeTokens;
  const signIn = await tokens.consumeOneTimeToken(codeHash, 'oauth-sign-in', now);
  const owner = signIn ?? (await tokens.consumeOneTimeToken(codeHash, 'oauth-sign-up', now));
  const user = owner ? await s.ctx.store.users.findUserById(owner.userId) : null;
  if (!owner || !user) throw new AuthError('ONE_TIME_TOKEN_INVALID');
  if (user.disabledAt) throw new AuthError('ACCOUNT_DISABLED');
  const challenge = await s.secondStep?.(s.ctx, user, now, signIn === null);
  if (challenge) return challenge;
  await s.ctx.store.users.recordLogin(user.id, now);
  const pair = await issueTokenPair(s.ctx, user, now, { amr: ['fed'] }, request);
  s.ctx.emit({ type: 'login.succeeded', at: now, userId: user.id, clientAddress: request.clientAddress, detail: { method: 'social' } });
  return { ...pair, user: toUserSummary(user), isNewUser: signIn === null };
}

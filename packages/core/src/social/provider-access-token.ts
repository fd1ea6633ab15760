import { AuthError } from '../errors/auth-error.js';
import type { SecretBox } from '../mfa/secret-box.js';
import type { ProviderTokenRecord } from '../ports/identity-store.js';
import type { ConfiguredProvider } from './oauth-client.js';
import type { ProviderId } from './provider-definition.js';
import { enabledProvider, providerUnavailable } from './provider-registry.js';
import { openAccessToken, openRefreshToken, storeProviderTokens, type ProviderTokenSet } from './provider-tokens.js';
import { refreshGrant, refreshTokenRefused } from './refresh-grant.js';
import type { SocialContext } from './social-flows.js';

/** A provider access token the app may call the provider's API with. */
export interface ProviderAccessToken {
  accessToken: string;
  /** When it expires, or null when the provider did not say. */
  expiresAt: Date | null;
  /** The scopes the provider granted (empty when it did not say). */
  scopes: string[];
}

/** What the provider-token calls need besides the social context: the sealing box and the refreshes under way. */
export interface ProviderTokenVault {
  box: SecretBox;
  /** One lookup (and refresh) per identity at a time: parallel calls share it, so a rotating refresh token is used once. */
  inFlight: Map<string, Promise<ProviderAccessToken>>;
}

/** A token this close to its expiry is refreshed first, so the app's call does not fail on the way. */
const EXPIRY_MARGIN_MS = 30_000;

const usable = (record: ProviderTokenRecord, now: Date) =>
  record.accessTokenExpiresAt === null || now.getTime() < record.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS;

const signInRequired = (id: ProviderId, reason: string) =>
  new AuthError('PROVIDER_SIGN_IN_REQUIRED', undefined, undefined, { cause: new Error(`provider ${id}: ${reason}`) });

const answer = (record: ProviderTokenRecord, accessToken: string): ProviderAccessToken => ({
  accessToken,
  expiresAt: record.accessTokenExpiresAt,
  scopes: record.scope?.split(' ').filter(Boolean) ?? [],
});

/**
 * The user's access token at `providerId`, refreshed with the stored refresh token when it has
 * expired (or expires within 30 s). Throws `IDENTITY_NOT_FOUND` (not linked), `PROVIDER_SIGN_IN_REQUIRED`
 * (no tokens stored, none to refresh with, or the provider refused the refresh token: the user must
 * sign in with the provider again) or `PROVIDER_UNAVAILABLE` (the provider did not answer). No error
 * carries a token.
 */
export async function getProviderAccessToken(
  s: SocialContext,
  vault: ProviderTokenVault | null,
  userId: string,
  providerId: unknown,
): Promise<ProviderAccessToken> {
  if (!s.config.storeProviderTokens || vault === null) {
    throw new AuthError('INVALID_CONFIG', 'Provider tokens are not stored: set social.storeProviderTokens (OAUTH_STORE_PROVIDER_TOKENS).');
  }
  const [id, provider] = enabledProvider(s.providers, providerId);
  if (provider.kind !== 'oauth') throw new AuthError('PROVIDER_NOT_FOUND', 'Steam signs in with OpenID 2.0, which gives no tokens.');
  const identity = (await s.ctx.store.identities.listIdentitiesOfUser(userId)).find((linked) => linked.provider === id);
  if (!identity) throw new AuthError('IDENTITY_NOT_FOUND');

  let pending = vault.inFlight.get(identity.id);
  if (!pending) {
    pending = validAccessToken(s, vault, [id, provider.configured], identity.id).finally(() => vault.inFlight.delete(identity.id));
    vault.inFlight.set(identity.id, pending);
  }
  return pending;
}

async function validAccessToken(
  s: SocialContext,
  vault: ProviderTokenVault,
  [id, provider]: [ProviderId, ConfiguredProvider],
  identityId: string,
): Promise<ProviderAccessToken> {
  const identities = s.ctx.store.identities;
  const now = s.ctx.clock.now();
  const stored = await identities.findProviderTokens(identityId);
  if (!stored) throw signInRequired(id, 'no tokens are stored for this identity (signed in before storing was on?)');
  const opened = (open: () => Promise<string>) => openOrForget(s, id, identityId, open);
  if (usable(stored, now)) return answer(stored, await opened(() => openAccessToken(vault.box, stored)));
  if (stored.refreshToken === null) throw signInRequired(id, 'the access token expired and the provider gave no refresh token');

  // Opened before the call: a token that cannot be opened is never sent to the provider.
  const sealedRefresh = stored.refreshToken;
  const refreshToken = await opened(() => openRefreshToken(vault.box, identityId, sealedRefresh));
  let refreshed: ProviderTokenSet;
  try {
    refreshed = await refreshGrant(provider, refreshToken, now);
  } catch (error) {
    if (!refreshTokenRefused(error)) {
      s.onProviderError(id, error);
      throw providerUnavailable(id, error);
    }
    // Another instance may have refreshed first with a provider that rotates refresh tokens: its
    // tokens count. Otherwise the refresh token is dead: forget the tokens, the user signs in again.
    const latest = await identities.findProviderTokens(identityId);
    if (latest && latest.refreshToken !== stored.refreshToken && usable(latest, now))
      return answer(latest, await opened(() => openAccessToken(vault.box, latest)));
    await identities.deleteProviderTokens(identityId);
    throw signInRequired(id, 'the provider refused the refresh token (invalid_grant)');
  }
  const record = await storeProviderTokens(identities, vault.box, { id: identityId, userId: stored.userId }, refreshed, stored, now);
  return answer(record, refreshed.accessToken);
}

/**
 * Opens a sealed provider token. One that no configured key opens (sealed under a key since
 * retired, or under the key a development server made up before its restart) or that fails its
 * integrity check is only a copy of what the provider can give again: it is logged, forgotten, and
 * the user signs in with the provider again (`PROVIDER_SIGN_IN_REQUIRED`), never a 500.
 */
async function openOrForget(s: SocialContext, id: ProviderId, identityId: string, open: () => Promise<string>): Promise<string> {
  try {
    return await open();
  } catch (error) {
    s.onProviderError(id, error);
    await s.ctx.store.identities.deleteProviderTokens(identityId);
    throw signInRequired(id, 'the stored tokens cannot be opened with the configured keys');
  }
}

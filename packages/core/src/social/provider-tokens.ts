import type * as oauth from 'oauth4webapi';
import type { SecretBox } from '../mfa/secret-box.js';
import type { IdentityStore, ProviderTokenRecord } from '../ports/identity-store.js';

/** A provider's tokens as a token answer (sign-in or refresh) gives them, before they are sealed. */
export interface ProviderTokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number | null;
  scope: string | null;
}

/** The tokens of a checked token answer; absent or empty fields read as null. */
export function tokenSetOf(answer: oauth.TokenEndpointResponse): ProviderTokenSet {
  const { refresh_token: refresh, expires_in: expiresIn, scope } = answer;
  return {
    accessToken: answer.access_token,
    refreshToken: typeof refresh === 'string' && refresh.length > 0 ? refresh : null,
    expiresInSeconds: typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : null,
    scope: typeof scope === 'string' && scope.length > 0 ? scope : null,
  };
}

// Each token is bound to its identity and its kind: a ciphertext copied to another row does not open.
const sealingContext = (identityId: string, kind: 'access' | 'refresh') => `provider-token|${kind}|${identityId}`;

/**
 * Seals `tokens` and stores them for the identity. What the provider did not send again is kept
 * from `previous`: a refresh answer may leave the refresh token out (RFC 6749 §6), and Google sends
 * one only at the first consent.
 */
export async function storeProviderTokens(
  identities: IdentityStore,
  box: SecretBox,
  identity: { id: string; userId: string },
  tokens: ProviderTokenSet,
  previous: ProviderTokenRecord | null,
  now: Date,
): Promise<ProviderTokenRecord> {
  const record: ProviderTokenRecord = {
    identityId: identity.id,
    userId: identity.userId,
    accessToken: await box.seal(tokens.accessToken, sealingContext(identity.id, 'access')),
    refreshToken:
      tokens.refreshToken === null
        ? (previous?.refreshToken ?? null)
        : await box.seal(tokens.refreshToken, sealingContext(identity.id, 'refresh')),
    accessTokenExpiresAt: tokens.expiresInSeconds === null ? null : new Date(now.getTime() + tokens.expiresInSeconds * 1000),
    scope: tokens.scope ?? previous?.scope ?? null,
    updatedAt: now,
  };
  await identities.saveProviderTokens(record);
  return record;
}

export const openAccessToken = (box: SecretBox, record: ProviderTokenRecord): Promise<string> =>
  box.open(record.accessToken, sealingContext(record.identityId, 'access'));

export const openRefreshToken = (box: SecretBox, identityId: string, sealed: string): Promise<string> =>
  box.open(sealed, sealingContext(identityId, 'refresh'));

import * as oauth from 'oauth4webapi';
import { clientAuthentication, metadataForResponse, metadataOf, requestOptions, type ConfiguredProvider } from './oauth-client.js';
import { tokenSetOf, type ProviderTokenSet } from './provider-tokens.js';
import { normalizedTokenResponse, unverifiedTenantOf } from './token-response.js';

/**
 * The refresh token grant (RFC 6749 §6) at the provider's token endpoint, authenticated as the
 * sign-in's code exchange is, its answer checked by oauth4webapi (an id_token in it too: `iss`, `aud`).
 * A refused token throws `oauth.ResponseBodyError` with `error` `invalid_grant`; a provider that
 * cannot be reached, a network error.
 */
export async function refreshGrant(provider: ConfiguredProvider, refreshToken: string, now: Date): Promise<ProviderTokenSet> {
  const as = await metadataOf(provider);
  const client: oauth.Client = { client_id: provider.client.clientId };
  const response = await normalizedTokenResponse(
    await oauth.refreshTokenGrantRequest(as, client, await clientAuthentication(provider, as, now), refreshToken, requestOptions(provider)),
  );
  const { definition } = provider;
  const template = definition.protocol === 'oidc' ? definition.tenantIssuerTemplate : undefined;
  // Microsoft's multi-tenant issuer: an id_token in the answer is checked against its own tenant's issuer.
  const issuerAs = template && (await unverifiedTenantOf(response)) !== undefined ? await metadataForResponse(as, template, response) : as;
  return tokenSetOf(await oauth.processRefreshTokenResponse(issuerAs, client, response));
}

/** Whether the provider refused the refresh token itself (revoked, expired, the app's access removed). */
export const refreshTokenRefused = (error: unknown): boolean => error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant';

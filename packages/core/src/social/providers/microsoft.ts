import { claimIsTrue, text, type OidcProviderDefinition } from '../provider-definition.js';
import { oidcProvider, profileFromClaims } from './oidc-provider.js';

const MULTI_TENANT = ['common', 'organizations', 'consumers'];

/**
 * Microsoft Entra ID (`common`, `consumers`, `organizations` or a tenant id), on the public cloud or
 * another `authority` (a national cloud such as `https://login.microsoftonline.us`). Its `email`
 * claim is not verified by Microsoft for every account type, so it counts as unverified unless
 * `verifiedEmailClaim` names a claim the tenant vouches for (e.g. `xms_edov`).
 */
export function microsoft(
  options: { tenant?: string; verifiedEmailClaim?: string; issuer?: string; authority?: string } = {},
): OidcProviderDefinition {
  const tenant = options.tenant ?? 'common';
  const authority = (options.authority ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  return oidcProvider({
    id: 'microsoft',
    name: 'Microsoft',
    issuer: options.issuer ?? `${authority}/${tenant}/v2.0`,
    ...(MULTI_TENANT.includes(tenant) && !options.issuer ? { tenantIssuerTemplate: `${authority}/{tenantid}/v2.0` } : {}),
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuthentication: 'client_secret_post',
    async readProfile({ issuer, idTokenClaims: c }) {
      return {
        // `oid` is the account across the tenant's apps; `sub` is per app. The pair (issuer, sub) is what OIDC promises.
        ...profileFromClaims(issuer, c),
        emailVerified: options.verifiedEmailClaim !== undefined && claimIsTrue(c[options.verifiedEmailClaim]),
        avatarUrl: null,
        preferredUsername: text(c.preferred_username)?.split('@')[0] ?? null,
      };
    },
  });
}

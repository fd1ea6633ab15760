import { text, type OidcProviderDefinition } from '../provider-definition.js';
import { oidcProvider, profileFromClaims } from './oidc-provider.js';

const TEMPLATE_TENANTS = ['common', 'organizations'];
/** The tenant of every personal Microsoft account; `consumers` discovery names it as the fixed issuer. */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/**
 * A Microsoft boolean claim: `xms_edov` ("email domain owner verified") comes as `true` or, in the
 * tokens Entra issues today, as the string `"1"`
 * (https://learn.microsoft.com/en-us/entra/identity-platform/optional-claims-reference).
 */
export const microsoftClaimIsTrue = (value: unknown): boolean => value === true || value === 'true' || value === 1 || value === '1';

/**
 * Microsoft Entra ID (`common`, `consumers`, `organizations` or a tenant id), on the public cloud or
 * another `authority` (a national cloud such as `https://login.microsoftonline.us`). Its `email`
 * claim is not verified by Microsoft for every account type, so it counts as unverified unless
 * `verifiedEmailClaim` names a claim the tenant vouches for (e.g. `xms_edov`).
 *
 * Issuers (https://learn.microsoft.com/en-us/entra/identity-platform/access-tokens#validate-the-issuer):
 * `common` and `organizations` publish the `{tenantid}` template, each token names its own tenant;
 * `consumers` publishes the fixed issuer of the consumer tenant; a tenant id is its own issuer.
 */
export function microsoft(
  options: { tenant?: string; verifiedEmailClaim?: string; issuer?: string; authority?: string } = {},
): OidcProviderDefinition {
  const tenant = options.tenant ?? 'common';
  const authority = (options.authority ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  const where = options.issuer
    ? { issuer: options.issuer }
    : tenant === 'consumers'
      ? { issuer: `${authority}/${MICROSOFT_CONSUMER_TENANT}/v2.0`, discoveryBase: `${authority}/consumers/v2.0` }
      : TEMPLATE_TENANTS.includes(tenant)
        ? { issuer: `${authority}/${tenant}/v2.0`, tenantIssuerTemplate: `${authority}/{tenantid}/v2.0` }
        : { issuer: `${authority}/${tenant}/v2.0` };
  return oidcProvider({
    id: 'microsoft',
    name: 'Microsoft',
    ...where,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuthentication: 'client_secret_post',
    async readProfile({ issuer, idTokenClaims: c }) {
      return {
        // `oid` is the account across the tenant's apps; `sub` is per app. The pair (issuer, sub) is what OIDC promises.
        ...profileFromClaims(issuer, c),
        emailVerified: options.verifiedEmailClaim !== undefined && microsoftClaimIsTrue(c[options.verifiedEmailClaim]),
        avatarUrl: null,
        preferredUsername: text(c.preferred_username)?.split('@')[0] ?? null,
      };
    },
  });
}

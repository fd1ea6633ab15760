import { claimIsTrue, subjectOf, text, type OidcProviderDefinition } from '../provider-definition.js';

/**
 * Microsoft Entra ID (`common`, `consumers`, `organizations` or a tenant id). Its `email` claim is
 * not verified by Microsoft for every account type, so it counts as unverified unless
 * `verifiedEmailClaim` names a claim the tenant vouches for (e.g. `xms_edov`).
 */
export function microsoft(options: { tenant?: string; verifiedEmailClaim?: string; issuer?: string } = {}): OidcProviderDefinition {
  const tenant = options.tenant ?? 'common';
  const multiTenant = ['common', 'organizations', 'consumers'].includes(tenant);
  return {
    id: 'microsoft',
    name: 'Microsoft',
    protocol: 'oidc',
    issuer: options.issuer ?? `https://login.microsoftonline.com/${tenant}/v2.0`,
    ...(multiTenant && !options.issuer ? { tenantIssuerTemplate: 'https://login.microsoftonline.com/{tenantid}/v2.0' } : {}),
    returnsEmail: true,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuthentication: 'client_secret_post',
    responseMode: 'query',
    async readProfile({ issuer, idTokenClaims: c }) {
      return {
        // `oid` is the account across the tenant's apps; `sub` is per app. The pair (issuer, sub) is what OIDC promises.
        subject: subjectOf(c.sub),
        issuer,
        email: text(c.email),
        emailVerified: options.verifiedEmailClaim !== undefined && claimIsTrue(c[options.verifiedEmailClaim]),
        displayName: text(c.name),
        avatarUrl: null,
        preferredUsername: text(c.preferred_username)?.split('@')[0] ?? null,
      };
    },
  };
}

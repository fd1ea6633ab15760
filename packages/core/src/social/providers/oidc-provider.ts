import { claimIsTrue, subjectOf, text, type OidcProviderDefinition, type ProviderProfile } from '../provider-definition.js';

/** Which claims name the account, where a provider differs from the usual `name` and `given_name`. */
export interface ClaimNames {
  displayName?: string;
  username?: string;
}

/**
 * The profile most OpenID Connect providers put in the id_token: `sub`, `email` with
 * `email_verified`, `name`, `picture`.
 */
export function profileFromClaims(issuer: string, claims: Record<string, unknown>, names: ClaimNames = {}): ProviderProfile {
  return {
    subject: subjectOf(claims.sub),
    issuer,
    email: text(claims.email),
    emailVerified: claimIsTrue(claims.email_verified),
    displayName: text(claims[names.displayName ?? 'name']),
    avatarUrl: text(claims.picture),
    preferredUsername: text(claims[names.username ?? 'given_name']),
  };
}

type OidcSettings = Omit<OidcProviderDefinition, 'protocol' | 'returnsEmail' | 'responseMode' | 'readProfile'> &
  Partial<Pick<OidcProviderDefinition, 'returnsEmail' | 'responseMode' | 'readProfile'>> & { claimNames?: ClaimNames };

/**
 * An OpenID Connect provider: what differs is data (issuer, scopes, PKCE, client authentication);
 * by default it returns an e-mail, answers by query, and reads the profile from the id_token's
 * usual claims (`profileFromClaims`).
 *
 * @example
 * export const slack = oidcProvider({ id: 'slack', name: 'Slack', issuer: 'https://slack.com', scopes: ['openid', 'email', 'profile'], pkce: false, clientAuthentication: 'client_secret_post' });
 */
export function oidcProvider({ claimNames, ...settings }: OidcSettings): OidcProviderDefinition {
  return {
    protocol: 'oidc',
    returnsEmail: true,
    responseMode: 'query',
    readProfile: async ({ issuer, idTokenClaims }) => profileFromClaims(issuer, idTokenClaims, claimNames),
    ...settings,
  };
}

import { defineOidcProvider } from '../define-provider.js';
import { ProviderAnswerError, text, type OidcProviderDefinition } from '../provider-definition.js';
import { profileFromClaims } from './oidc-provider.js';

/**
 * Google: OpenID Connect; `email_verified` from the id_token. Console: Google Cloud → APIs &
 * Services → Credentials. With `hostedDomain` (a Google Workspace domain) the authorization request
 * carries `hd`, which only narrows the account chooser; so the id_token's `hd` claim must equal it
 * too, as Google asks (https://developers.google.com/identity/openid-connect/openid-connect#hd-param).
 */
export function google(options: { hostedDomain?: string } = {}): OidcProviderDefinition {
  const domain = options.hostedDomain?.toLowerCase();
  return defineOidcProvider({
    id: 'google',
    name: 'Google',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuthentication: 'client_secret_basic',
    ...(domain ? { authorizationParameters: { hd: domain } } : {}),
    async readProfile({ issuer, idTokenClaims: c }) {
      if (domain && text(c.hd)?.toLowerCase() !== domain)
        throw new ProviderAnswerError('the Google account is not of the Workspace domain');
      return profileFromClaims(issuer, c);
    },
  });
}

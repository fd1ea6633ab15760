import { record, subjectOf, text, type OAuth2ProviderDefinition } from '../provider-definition.js';

/** Facebook Login: plain OAuth 2.0; the Graph API's `email` is not marked verified, so it is treated as unverified. */
export const facebook: OAuth2ProviderDefinition = {
  id: 'facebook',
  name: 'Facebook',
  protocol: 'oauth2',
  issuer: 'https://www.facebook.com',
  endpoints: {
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    apiBase: 'https://graph.facebook.com/v21.0/',
  },
  returnsEmail: true,
  scopes: ['email', 'public_profile'],
  pkce: true,
  clientAuthentication: 'client_secret_post',
  responseMode: 'query',
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('me?fields=id,name,email,picture'));
    return {
      subject: subjectOf(me.id),
      issuer,
      email: text(me.email),
      emailVerified: false,
      displayName: text(me.name),
      avatarUrl: text(record(record(me.picture).data).url),
      preferredUsername: text(me.name),
    };
  },
};

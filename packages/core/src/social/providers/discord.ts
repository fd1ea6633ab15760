import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text } from '../provider-definition.js';

/** Discord: plain OAuth 2.0 with PKCE; `/users/@me` gives the address and its `verified` flag. */
export const discord = defineOAuth2Provider({
  id: 'discord',
  name: 'Discord',
  issuer: 'https://discord.com',
  authorizationEndpoint: 'https://discord.com/oauth2/authorize',
  tokenEndpoint: 'https://discord.com/api/oauth2/token',
  apiBase: 'https://discord.com/api/',
  returnsEmail: true,
  scopes: ['identify', 'email'],
  pkce: true,
  clientAuthentication: 'client_secret_post',
  responseMode: 'query',
  async readProfile({ issuer, getJson }) {
    const me = record(await getJson('users/@me'));
    const id = subjectOf(me.id);
    const avatar = text(me.avatar);
    return {
      subject: id,
      issuer,
      email: text(me.email),
      emailVerified: me.verified === true,
      displayName: text(me.global_name) ?? text(me.username),
      avatarUrl: avatar ? `https://cdn.discordapp.com/avatars/${encodeURIComponent(id)}/${encodeURIComponent(avatar)}.png` : null,
      preferredUsername: text(me.username),
    };
  },
});

import { defineOAuth2Provider } from '../define-provider.js';
import { record, subjectOf, text, type OAuth2ProviderDefinition } from '../provider-definition.js';

/**
 * The Graph API version used when none is configured: the newest when this was written. Each
 * version lives about two years after its successor's release; per
 * https://developers.facebook.com/docs/graph-api/changelog/versions, v26.0 came out on 29 July 2026
 * (its end not yet set; v25.0 lasts until 29 July 2028, v23.0 until 8 October 2027). Set
 * `graphApiVersion` to move on without waiting for a Gatehouse release.
 */
export const FACEBOOK_GRAPH_VERSION = 'v26.0';

async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const hmacKey = await globalThis.crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', hmacKey, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Facebook Login: plain OAuth 2.0; the Graph API's `email` is not marked verified, so it is treated
 * as unverified. Every Graph call carries `appsecret_proof`, the HMAC-SHA256 of the access token
 * keyed with the app secret (https://developers.facebook.com/docs/graph-api/securing-requests/), so
 * an app that turns on "Require App Secret" keeps working and a stolen token alone cannot call as the app.
 */
export function facebook(options: { graphApiVersion?: string } = {}): OAuth2ProviderDefinition {
  const version = options.graphApiVersion ?? FACEBOOK_GRAPH_VERSION;
  return defineOAuth2Provider({
    id: 'facebook',
    name: 'Facebook',
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: `https://www.facebook.com/${version}/dialog/oauth`,
    tokenEndpoint: `https://graph.facebook.com/${version}/oauth/access_token`,
    apiBase: `https://graph.facebook.com/${version}/`,
    returnsEmail: true,
    scopes: ['email', 'public_profile'],
    pkce: true,
    clientAuthentication: 'client_secret_post',
    responseMode: 'query',
    async decorateApiRequest(url, { accessToken, clientSecret }) {
      if (clientSecret) url.searchParams.set('appsecret_proof', await hmacSha256Hex(clientSecret, accessToken));
    },
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
  });
}

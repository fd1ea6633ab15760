import * as oauth from 'oauth4webapi';
import type { ConfiguredProvider, requestOptions } from './oauth-client.js';
import { ProviderAnswerError, record, type ProfileSources } from './provider-definition.js';

const TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token'];

/**
 * What a provider's mapper may read, bound to this sign-in's access token: API calls (with the
 * provider's own decoration, e.g. Facebook's `appsecret_proof`), userinfo checked against the
 * id_token's `sub`, the token answer without its tokens, the callback's parameters.
 */
export function profileSources(
  provider: ConfiguredProvider,
  input: {
    as: oauth.AuthorizationServer;
    client: oauth.Client;
    tokens: oauth.TokenEndpointResponse;
    idTokenClaims: Record<string, unknown>;
    parameters: URLSearchParams;
    requestOptions: typeof requestOptions;
  },
): ProfileSources {
  const { definition } = provider;
  const { as, client, tokens, idTokenClaims } = input;
  const accessToken = tokens.access_token;
  const apiBase = definition.protocol === 'oauth2' ? definition.endpoints.apiBase : undefined;

  async function call(method: 'GET' | 'POST', path: string, body: string | null, headers: Record<string, string> = {}) {
    const url = new URL(path, apiBase);
    await definition.decorateApiRequest?.(url, { accessToken, clientSecret: provider.client.clientSecret });
    const answer = await oauth.protectedResourceRequest(
      accessToken,
      method,
      url,
      new Headers({ accept: 'application/json', ...(body !== null ? { 'content-type': 'application/json' } : {}), ...headers }),
      body,
      input.requestOptions(provider),
    );
    if (!answer.ok) throw new ProviderAnswerError(`the provider's API answered ${answer.status}`);
    return answer.json();
  }

  return {
    issuer: typeof idTokenClaims.iss === 'string' ? idTokenClaims.iss : as.issuer,
    idTokenClaims,
    callbackParameters: input.parameters,
    tokenResponse: Object.fromEntries(Object.entries(tokens).filter(([key]) => !TOKEN_FIELDS.includes(key))),
    getJson: (path, headers) => call('GET', path, null, headers),
    postJson: (path, body, headers) => call('POST', path, JSON.stringify(body), headers),
    async userInfo() {
      const answer = await oauth.userInfoRequest(as, client, accessToken, input.requestOptions(provider));
      const subject = typeof idTokenClaims.sub === 'string' ? idTokenClaims.sub : oauth.skipSubjectCheck;
      return record(await oauth.processUserInfoResponse(as, client, subject, answer));
    },
  };
}

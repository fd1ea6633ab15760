import { ProviderAnswerError, record } from './provider-definition.js';

/**
 * The token answer as oauth4webapi accepts it. Twitch answers `scope` as a JSON array
 * (https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/#oidc-authorization-code-grant-flow),
 * which RFC 6749 §5.1 makes a space-separated string and oauth4webapi refuses otherwise; the array
 * of strings is joined, as Auth.js's Twitch provider does. Any other answer passes untouched.
 */
export async function normalizedTokenResponse(response: Response): Promise<Response> {
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return response;
  const body = record(
    await response
      .clone()
      .json()
      .catch(() => null),
  );
  const scope = body.scope;
  if (!Array.isArray(scope)) return response;
  if (!scope.every((entry) => typeof entry === 'string')) throw new ProviderAnswerError('the token answer has a malformed scope');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, scope: scope.join(' ') }), { status: response.status, headers });
}

/**
 * The `tid` claim of the answer's id_token, read before it is checked, to pick the tenant's issuer
 * it is then checked against (Microsoft's `{tenantid}` template). Undefined when absent.
 */
export async function unverifiedTenantOf(response: Response): Promise<unknown> {
  const idToken = record(
    await response
      .clone()
      .json()
      .catch(() => ({})),
  ).id_token;
  const payload = typeof idToken === 'string' ? idToken.split('.')[1] : undefined;
  try {
    return payload ? record(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).tid : undefined;
  } catch {
    return undefined;
  }
}

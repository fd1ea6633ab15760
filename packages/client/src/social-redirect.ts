import type { SocialCallbackError } from './api-types.js';

/** What the API's social callback put on the page it sent the browser back to. */
export type SocialRedirect =
  | { kind: 'code'; code: string }
  | { kind: 'linked'; provider: string }
  | { kind: 'error'; error: SocialCallbackError };

const CALLBACK_ERRORS: readonly SocialCallbackError[] = ['access_denied', 'account_exists', 'identity_in_use', 'provider_error'];

/**
 * Reads the outcome of a social sign-in or link from the URL the API redirected the browser to:
 * `?code=` (trade it with `exchangeCode`), `?linked=<provider>`, or `?error=<reason>`. `undefined`
 * when the URL carries none of them. An error this client does not know is read as `provider_error`.
 * Remove the parameters from the address bar (`history.replaceState`) before exchanging the code,
 * so it stays out of the history.
 *
 * @example
 * const outcome = readSocialRedirect(location.href);
 * if (outcome) history.replaceState(null, '', location.pathname);
 * if (outcome?.kind === 'code') await client.exchangeCode(outcome.code);
 */
export function readSocialRedirect(url: string | URL): SocialRedirect | undefined {
  const params = new URL(url).searchParams;
  const error = params.get('error');
  if (error !== null) {
    return {
      kind: 'error',
      error: (CALLBACK_ERRORS as readonly string[]).includes(error) ? (error as SocialCallbackError) : 'provider_error',
    };
  }
  const code = params.get('code');
  if (code) return { kind: 'code', code };
  const linked = params.get('linked');
  if (linked) return { kind: 'linked', provider: linked };
  return undefined;
}

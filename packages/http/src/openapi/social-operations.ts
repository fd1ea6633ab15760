import { z } from 'zod';
import type { DocumentedResponse, Operation } from './operations.js';
import * as bodies from './response-schemas.js';
import { E } from './common-responses.js';
import { SETS_SESSION } from './cookie-mode.js';

const ALWAYS = {
  429: E('Rate limit hit (the per-client limit of the public auth routes); `Retry-After` is set.'),
  500: E('Unexpected error; details only in the server log.'),
};
const UNKNOWN_PROVIDER = { 404: E('No such provider is enabled.') };
const redirectUri = z.object({
  redirect_uri: z.string().describe('Where the browser goes back to, with `?code=`, `?linked=` or `?error=`; must be on the allow-list.'),
});
const callbackParameters = z.object({
  state: z.string(),
  code: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
});
const CALLBACK_ANSWERS = {
  400: E('The state is missing, unknown, used or expired: there is no trusted place to send the browser back to.'),
  ...UNKNOWN_PROVIDER,
  ...ALWAYS,
};

/**
 * The social sign-in routes (CONTRACT §8, `OAUTH_ROUTES`). Redirect answers have no body: the
 * browser follows `Location`. `docs/social-sign-in.md` tells the whole flow.
 */
export const SOCIAL_OPERATIONS: Readonly<Record<string, Operation>> = Object.freeze({
  'GET /api/v1/auth/oauth/providers': {
    summary: 'The enabled sign-in providers',
    tag: 'social',
    bearer: false,
    responses: { 200: { description: 'Each enabled provider.', schema: bodies.providerList }, 500: ALWAYS[500] },
  },
  'GET /api/v1/auth/oauth/:provider': {
    summary: 'Start a social sign-in (sends the browser to the provider)',
    tag: 'social',
    bearer: false,
    query: redirectUri,
    responses: {
      302: { description: 'To the provider, with state, PKCE and a nonce; sets the cookie that binds the flow to this browser.' },
      400: E('`redirect_uri` is missing or not on the allow-list.'),
      ...UNKNOWN_PROVIDER,
      503: E('PROVIDER_UNAVAILABLE: the provider cannot be reached (its discovery document); `Retry-After` is set.'),
      ...ALWAYS,
    },
  },
  'GET /api/v1/auth/oauth/:provider/callback': {
    summary: "The provider's answer (query)",
    tag: 'social',
    bearer: false,
    query: callbackParameters,
    responses: {
      302: { description: 'To `redirect_uri` with `?code=` (the one-time exchange code), `?linked=<provider>` or `?error=`.' },
      ...CALLBACK_ANSWERS,
    },
  },
  'POST /api/v1/auth/oauth/:provider/callback': {
    summary: "The provider's answer (form_post, Sign in with Apple)",
    tag: 'social',
    bearer: false,
    form: callbackParameters.extend({ user: z.string().optional() }),
    responses: {
      303: { description: 'As the query callback, answered 303 so the browser follows with GET.' },
      415: E('The body is not `application/x-www-form-urlencoded`.'),
      ...CALLBACK_ANSWERS,
    },
  },
  'POST /api/v1/auth/oauth/exchange': {
    summary: 'Trade the one-time code for a session',
    tag: 'social',
    bearer: false,
    body: z.object({ code: z.string().describe('The `code` the callback sent the browser back with (60 s, single use).') }),
    cookieMode: { 200: `The cookie that bound the flow to this browser, cleared. ${SETS_SESSION}` },
    responses: {
      200: {
        description: 'A session. The code counts only with the cookie of the browser that ran the flow (send credentials).',
        schema: bodies.exchangeResult,
      },
      400: E('The code is unknown, used, expired, or from another browser.'),
      413: E('Body over the limit.'),
      415: E('A body that is not `application/json`.'),
      ...ALWAYS,
    },
  },
  'POST /api/v1/auth/oauth/:provider/link': {
    summary: 'Start linking a provider to the signed-in user',
    tag: 'social',
    bearer: true,
    body: redirectUri,
    responses: {
      200: {
        description: 'The URL to send the browser to; sets the cookie that binds the flow to this browser.',
        schema: bodies.providerUrl,
      },
      400: E('`redirect_uri` is missing or not on the allow-list.'),
      401: E('Missing, malformed, tampered or expired access token.'),
      403: E('E-mail not confirmed while the deployment requires it.'),
      ...UNKNOWN_PROVIDER,
      503: E('PROVIDER_UNAVAILABLE: the provider cannot be reached; `Retry-After` is set.'),
      ...ALWAYS,
    },
  },
} satisfies Record<string, Operation>);

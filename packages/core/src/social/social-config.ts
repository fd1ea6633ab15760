import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import { ownProviders, requestExtras } from './own-providers-config.js';
import { isBuiltInProviderId, isProviderId, type OAuthEndpoints } from './provider-definition.js';

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const endpointOverrides = z.object({ authorizationEndpoint: url, tokenEndpoint: url, apiBase: url.optional() }).strict().optional();
const credentials = {
  clientId: z.string().min(1, 'is required'),
  clientSecret: z.string().min(1, 'is required'),
  /** Tests and self-hosted instances only: a plain OAuth 2.0 provider's endpoints, or an OIDC provider's issuer. */
  endpoints: endpointOverrides,
  issuer: url.optional(),
  ...requestExtras,
};

const schema = z
  .object({
    /** The public base URL of the app; callbacks are `appUrl/api/v1/auth/oauth/<id>/callback`. */
    appUrl: url,
    /** Front-end URLs a sign-in may return to, compared exactly (origin and path). */
    redirectAllowlist: z.array(url).default([]),
    stateTtlSeconds: z.number().int().min(60).max(600).default(600),
    exchangeCodeTtlSeconds: z.number().int().min(10).max(300).default(60),
    /**
     * Keeps each identity's provider access and refresh tokens, sealed with `mfa.encryptionKeys`
     * (AES-256-GCM), for `social.getProviderAccessToken` (docs/social-sign-in.md, "Provider tokens for
     * API calls"). Off by default: a token store is worth stealing.
     */
    storeProviderTokens: z.boolean().default(false),
    /** Allows http:// issuers and endpoints: only for tests against local providers. */
    allowInsecureProviders: z.boolean().default(false),
    providers: z
      .object({
        google: z
          .object({
            ...credentials,
            /** A Google Workspace domain: sent as `hd`, and the id_token's `hd` claim must equal it. */
            hostedDomain: z
              .string()
              .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name')
              .optional(),
          })
          .strict(),
        microsoft: z
          .object({
            ...credentials,
            tenant: z
              .string()
              .regex(/^[A-Za-z0-9.-]{1,64}$/)
              .default('common'),
            verifiedEmailClaim: z.string().optional(),
            /** Another cloud's sign-in host than `https://login.microsoftonline.com` (a national cloud; tests). */
            authority: url.optional(),
          })
          .strict(),
        apple: z
          .object({
            clientId: z.string().min(1),
            teamId: z.string().min(1),
            keyId: z.string().min(1),
            /** The `.p8` key (PKCS #8 PEM) that signs the ES256 client secret. */
            privateKey: z.string().includes('PRIVATE KEY', { message: 'must be a PKCS #8 PEM private key' }),
            issuer: url.optional(),
          })
          .strict(),
        facebook: z
          .object({
            ...credentials,
            /** The Graph API version (default `v26.0`); each lives about two years after its successor comes out. */
            graphApiVersion: z
              .string()
              .regex(/^v\d{1,2}\.\d{1,2}$/, 'must look like v26.0')
              .optional(),
          })
          .strict(),
        x: z.object(credentials).strict(),
        linkedin: z.object(credentials).strict(),
        github: z.object(credentials).strict(),
        gitlab: z.object(credentials).strict(),
        discord: z.object(credentials).strict(),
        twitch: z.object(credentials).strict(),
        spotify: z.object(credentials).strict(),
        slack: z.object(credentials).strict(),
        battlenet: z.object(credentials).strict(),
        oidc: z.object({ ...credentials, issuer: url, name: z.string().min(1).max(60).optional() }).strict(),
        zoom: z.object(credentials).strict(),
        notion: z.object(credentials).strict(),
        figma: z.object(credentials).strict(),
        kakao: z.object(credentials).strict(),
        bitbucket: z.object(credentials).strict(),
        reddit: z.object(credentials).strict(),
        tiktok: z.object(credentials).strict(),
        roblox: z.object(credentials).strict(),
        dropbox: z.object(credentials).strict(),
        atlassian: z.object(credentials).strict(),
        steam: z
          .object({
            /** Steam Web API key for the persona name and avatar; never put in a URL or a log. */
            apiKey: z.string().min(1).optional(),
            /** Tests only: another OpenID 2.0 endpoint than steamcommunity.com (the server warns at start). */
            endpoint: url.optional(),
            /** Tests only: another Steam Web API root. */
            apiBase: url.optional(),
          })
          .strict(),
      })
      .partial()
      .strict()
      .default({}),
    ...ownProviders,
  })
  .strict();

export type SocialConfigInput = z.input<typeof schema>;
export type SocialConfig = z.output<typeof schema>;
export type ProviderEndpointOverrides = Partial<OAuthEndpoints>;

/**
 * Every provider URL is https unless `allowInsecureProviders` (tests against local providers): an
 * `http://` issuer would otherwise fail at each sign-in with oauth4webapi's refusal.
 */
function assertHttpsProviders(providers: Record<string, unknown>, where = 'providers'): void {
  for (const [id, settings] of Object.entries(providers)) {
    const urls = Object.entries(settings as Record<string, unknown>).flatMap(([key, value]) =>
      key === 'endpoints' && value ? Object.entries(value).map(([k, v]) => [`endpoints.${k}`, v] as const) : [[key, value] as const],
    );
    for (const [key, value] of urls) {
      if (typeof value === 'string' && /^http:\/\//i.test(value)) {
        throw new AuthError(
          'INVALID_CONFIG',
          `Invalid setting social.${where}.${id}.${key}: must be an https URL (http only with allowInsecureProviders, for tests).`,
        );
      }
    }
  }
}

/** Every provider id once: an app's own providers may not take a built-in id, a route word, or each other's. */
function assertDistinctIds(config: z.output<typeof schema>): void {
  const seen = new Set<string>();
  const own = [
    ...Object.keys(config.oidcProviders).map((id) => [id, `oidcProviders.${id}`] as const),
    ...config.customProviders.map((c, i) => [c.definition.id, `customProviders.${i}`] as const),
  ];
  for (const [id, where] of own) {
    if (isBuiltInProviderId(id) || !isProviderId(id) || seen.has(id)) {
      throw new AuthError(
        'INVALID_CONFIG',
        `Invalid setting social.${where}: the id ${id} is taken by a built-in provider, a route or another provider.`,
      );
    }
    seen.add(id);
  }
}

/**
 * Parses the social sign-in settings once, at start: a wrong one throws `INVALID_CONFIG` naming it.
 * A provider is enabled by being present.
 */
export function parseSocialConfig(input: SocialConfigInput): SocialConfig {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['social', ...(issue?.path ?? [])].join('.');
    throw new AuthError('INVALID_CONFIG', `Invalid setting ${path}: ${issue?.message ?? 'invalid'}.`);
  }
  for (const id of Object.keys(parsed.data.providers)) {
    if (!isBuiltInProviderId(id)) throw new AuthError('INVALID_CONFIG', `Invalid setting social.providers.${id}: unknown provider.`);
  }
  assertDistinctIds(parsed.data);
  if (!parsed.data.allowInsecureProviders) {
    assertHttpsProviders(parsed.data.providers);
    assertHttpsProviders(parsed.data.oidcProviders, 'oidcProviders');
  }
  for (const entry of parsed.data.redirectAllowlist) {
    const u = new URL(entry);
    if (u.username || u.password || u.search || u.hash) {
      throw new AuthError(
        'INVALID_CONFIG',
        'Invalid setting social.redirectAllowlist: entries are an origin and a path, without credentials, query or fragment.',
      );
    }
  }
  return parsed.data;
}

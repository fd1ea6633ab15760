import { AuthError, parseSocialConfig, type SocialConfigInput } from '@gatehousejs/core';
import { readOidcProviders, scopeList } from './oidc-providers-env.js';

/** OAuth 2.0 / OIDC providers configured by `OAUTH_<ID>_CLIENT_ID` and `OAUTH_<ID>_CLIENT_SECRET`. */
const CREDENTIAL_PROVIDERS = [
  'google',
  'microsoft',
  'facebook',
  'x',
  'linkedin',
  'github',
  'gitlab',
  'discord',
  'twitch',
  'spotify',
  'slack',
  'battlenet',
  'zoom',
  'notion',
  'figma',
  'kakao',
  'bitbucket',
  'reddit',
  'tiktok',
  'dropbox',
  'atlassian',
  'roblox',
] as const;

const read = (env: NodeJS.ProcessEnv, name: string) => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

/** Settings that point a provider at another server or allow plain http: for tests against local providers only. */
function testOnlySettings(env: NodeJS.ProcessEnv): string[] {
  const endpoint = /^OAUTH_[A-Z0-9]+_(AUTHORIZATION|TOKEN|API)_URL$/;
  const names = Object.keys(env).filter((name) => endpoint.test(name) && read(env, name) !== undefined);
  for (const name of ['STEAM_OPENID_ENDPOINT', 'STEAM_API_URL']) if (read(env, name) !== undefined) names.push(name);
  if (read(env, 'OAUTH_ALLOW_INSECURE_PROVIDERS')?.toLowerCase() === 'true') names.push('OAUTH_ALLOW_INSECURE_PROVIDERS');
  return names.sort();
}

/**
 * A production server (NODE_ENV=production) refuses to start with a test-only setting: each of
 * them sends sign-ins (and client secrets) to a server other than the provider's.
 */
function refuseTestSettingsInProduction(env: NodeJS.ProcessEnv, problem: (message: string) => Error): void {
  if (env.NODE_ENV !== 'production') return;
  const found = testOnlySettings(env);
  if (found.length > 0) {
    throw problem(
      `${found.join(', ')} ${found.length === 1 ? 'is' : 'are'} for tests only and refused in production (NODE_ENV=production): unset ${found.length === 1 ? 'it' : 'them'}.`,
    );
  }
}

/** A provider URL setting given as `http://` without OAUTH_ALLOW_INSECURE_PROVIDERS: refused at start, naming it. */
function refuseInsecureUrls(env: NodeJS.ProcessEnv, problem: (message: string) => Error): void {
  if (read(env, 'OAUTH_ALLOW_INSECURE_PROVIDERS')?.toLowerCase() === 'true') return;
  const urlSetting =
    /^(OAUTH_[A-Z0-9]+_(ISSUER|AUTHORITY|AUTHORIZATION_URL|TOKEN_URL|API_URL)|OIDC_([A-Z0-9]+_)?ISSUER|STEAM_OPENID_ENDPOINT|STEAM_API_URL)$/;
  for (const name of Object.keys(env).sort()) {
    if (urlSetting.test(name) && read(env, name)?.toLowerCase().startsWith('http://')) {
      throw problem(`${name} must be an https:// URL (plain http is allowed only with OAUTH_ALLOW_INSECURE_PROVIDERS=true, for tests).`);
    }
  }
}

/** What reading the social settings found worth a warning at start (settings meant for tests). */
export interface SocialSettings {
  config: SocialConfigInput | undefined;
  warnings: string[];
}

/**
 * The social sign-in settings of the example (CONTRACT §8): a provider is enabled when its
 * credentials are set (Steam with `STEAM_ENABLED=true`). `OAUTH_<ID>_ISSUER` points an OIDC provider
 * at another issuer (a self-managed GitLab, a Battle.net region); `OAUTH_<ID>_AUTHORIZATION_URL`,
 * `_TOKEN_URL`, `_API_URL`, `STEAM_OPENID_ENDPOINT`, `STEAM_API_URL` and
 * `OAUTH_ALLOW_INSECURE_PROVIDERS` exist for tests against local providers: warned about, and refused
 * with NODE_ENV=production. `OIDC_<ID>_*` add generic OpenID Connect providers (`oidc-providers-env.ts`).
 */
export function readSocialSettings(env: NodeJS.ProcessEnv, appUrl: string, problem: (message: string) => Error): SocialSettings {
  const warnings: string[] = [];
  refuseTestSettingsInProduction(env, problem);
  refuseInsecureUrls(env, problem);
  const providers: Record<string, unknown> = {};
  for (const id of CREDENTIAL_PROVIDERS) {
    const prefix = `OAUTH_${id.toUpperCase()}_`;
    const clientId = read(env, `${prefix}CLIENT_ID`);
    const clientSecret = read(env, `${prefix}CLIENT_SECRET`);
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) throw problem(`${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET must be set together.`);
    const issuer = read(env, `${prefix}ISSUER`);
    const authorizationEndpoint = read(env, `${prefix}AUTHORIZATION_URL`);
    const tokenEndpoint = read(env, `${prefix}TOKEN_URL`);
    const apiBase = read(env, `${prefix}API_URL`);
    if (authorizationEndpoint || tokenEndpoint)
      warnings.push(`${prefix}AUTHORIZATION_URL/TOKEN_URL replace the provider's endpoints: for tests only.`);
    providers[id] = {
      clientId,
      clientSecret,
      ...(issuer ? { issuer } : {}),
      ...(authorizationEndpoint && tokenEndpoint
        ? { endpoints: { authorizationEndpoint, tokenEndpoint, ...(apiBase ? { apiBase } : {}) } }
        : {}),
      ...(id === 'microsoft' && read(env, 'OAUTH_MICROSOFT_TENANT') ? { tenant: read(env, 'OAUTH_MICROSOFT_TENANT') } : {}),
      ...(id === 'microsoft' && read(env, 'OAUTH_MICROSOFT_AUTHORITY') ? { authority: read(env, 'OAUTH_MICROSOFT_AUTHORITY') } : {}),
      ...(id === 'microsoft' && read(env, 'OAUTH_MICROSOFT_VERIFIED_EMAIL_CLAIM')
        ? { verifiedEmailClaim: read(env, 'OAUTH_MICROSOFT_VERIFIED_EMAIL_CLAIM') }
        : {}),
      ...(read(env, `${prefix}SCOPES`) ? { scopes: scopeList(read(env, `${prefix}SCOPES`)) } : {}),
      ...(id === 'google' && read(env, 'OAUTH_GOOGLE_HOSTED_DOMAIN') ? { hostedDomain: read(env, 'OAUTH_GOOGLE_HOSTED_DOMAIN') } : {}),
      ...(id === 'facebook' && read(env, 'OAUTH_FACEBOOK_GRAPH_VERSION')
        ? { graphApiVersion: read(env, 'OAUTH_FACEBOOK_GRAPH_VERSION') }
        : {}),
    };
  }
  const appleId = read(env, 'OAUTH_APPLE_CLIENT_ID');
  if (appleId) {
    const privateKey = read(env, 'OAUTH_APPLE_PRIVATE_KEY')?.replace(/\\n/g, '\n');
    providers.apple = {
      clientId: appleId,
      teamId: read(env, 'OAUTH_APPLE_TEAM_ID'),
      keyId: read(env, 'OAUTH_APPLE_KEY_ID'),
      privateKey,
      ...(read(env, 'OAUTH_APPLE_ISSUER') ? { issuer: read(env, 'OAUTH_APPLE_ISSUER') } : {}),
    };
  }
  const oidcIssuer = read(env, 'OIDC_ISSUER');
  if (oidcIssuer) {
    providers.oidc = {
      issuer: oidcIssuer,
      clientId: read(env, 'OIDC_CLIENT_ID'),
      clientSecret: read(env, 'OIDC_CLIENT_SECRET'),
      ...(read(env, 'OIDC_NAME') ? { name: read(env, 'OIDC_NAME') } : {}),
    };
  }
  if (read(env, 'STEAM_ENABLED')?.toLowerCase() === 'true') {
    const endpoint = read(env, 'STEAM_OPENID_ENDPOINT');
    if (endpoint) warnings.push('STEAM_OPENID_ENDPOINT replaces https://steamcommunity.com/openid/login: for tests only.');
    providers.steam = {
      ...(read(env, 'STEAM_API_KEY') ? { apiKey: read(env, 'STEAM_API_KEY') } : {}),
      ...(endpoint ? { endpoint } : {}),
      ...(read(env, 'STEAM_API_URL') ? { apiBase: read(env, 'STEAM_API_URL') } : {}),
    };
  }
  const allowInsecureProviders = read(env, 'OAUTH_ALLOW_INSECURE_PROVIDERS')?.toLowerCase() === 'true';
  if (allowInsecureProviders) warnings.push('OAUTH_ALLOW_INSECURE_PROVIDERS lets providers be reached over plain http: for tests only.');
  const allowlist = (read(env, 'OAUTH_REDIRECT_ALLOWLIST') ?? `${appUrl}/`)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const oidcProviders = readOidcProviders(env);
  const config: SocialConfigInput = {
    appUrl,
    redirectAllowlist: allowlist,
    allowInsecureProviders,
    // Off unless asked for: sealed with MFA_ENCRYPTION_KEY, for the app's calls to the providers' APIs.
    storeProviderTokens: read(env, 'OAUTH_STORE_PROVIDER_TOKENS')?.toLowerCase() === 'true',
    providers: providers as SocialConfigInput['providers'],
    oidcProviders: oidcProviders as SocialConfigInput['oidcProviders'],
  };
  try {
    parseSocialConfig(config);
  } catch (error) {
    // Name the variables, not core's setting paths; never echo a secret.
    if (error instanceof AuthError)
      throw problem(`Invalid social sign-in configuration: ${error.message.replace(/^Invalid setting social\./, '')}`);
    throw error;
  }
  return { config, warnings };
}

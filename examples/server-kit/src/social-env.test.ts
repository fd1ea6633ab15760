import { describe, expect, it } from 'vitest';
import { readSocialSettings } from './social-env.js';

const APP = 'https://app.example.test';
const problem = (message: string) => new Error(message);
const read = (env: Record<string, string>) => readSocialSettings(env, APP, problem);
const github = { OAUTH_GITHUB_CLIENT_ID: 'id', OAUTH_GITHUB_CLIENT_SECRET: 'secret' };

describe('social sign-in settings of the example', () => {
  it.each([
    ['OAUTH_GITHUB_TOKEN_URL', { ...github, OAUTH_GITHUB_AUTHORIZATION_URL: 'https://a.test/', OAUTH_GITHUB_TOKEN_URL: 'https://t.test/' }],
    ['OAUTH_GITHUB_API_URL', { ...github, OAUTH_GITHUB_API_URL: 'https://api.test/' }],
    ['STEAM_OPENID_ENDPOINT', { STEAM_ENABLED: 'true', STEAM_OPENID_ENDPOINT: 'https://steam.test/openid/login' }],
    ['STEAM_API_URL', { STEAM_ENABLED: 'true', STEAM_API_URL: 'https://steam-api.test/' }],
    ['OAUTH_ALLOW_INSECURE_PROVIDERS', { ...github, OAUTH_ALLOW_INSECURE_PROVIDERS: 'true' }],
  ])('refuses to start a production server with the test-only %s, naming it', (name, env) => {
    expect(() => read({ NODE_ENV: 'production', ...env })).toThrow(new RegExp(`${name}.*for tests only and refused in production`));
  });

  it('stores provider tokens only with OAUTH_STORE_PROVIDER_TOKENS=true', () => {
    expect(read(github).config?.storeProviderTokens).toBe(false);
    expect(read({ ...github, OAUTH_STORE_PROVIDER_TOKENS: 'true' }).config?.storeProviderTokens).toBe(true);
  });

  it('outside production the same settings start, with a warning', () => {
    const settings = read({ ...github, OAUTH_GITHUB_AUTHORIZATION_URL: 'https://a.test/', OAUTH_GITHUB_TOKEN_URL: 'https://t.test/' });
    expect(settings.warnings).toEqual([expect.stringContaining('OAUTH_GITHUB_AUTHORIZATION_URL/TOKEN_URL')]);
  });

  it('a production server keeps the settings that are not test-only (a self-managed GitLab issuer, a national cloud)', () => {
    const settings = read({
      NODE_ENV: 'production',
      OAUTH_GITLAB_CLIENT_ID: 'id',
      OAUTH_GITLAB_CLIENT_SECRET: 'secret',
      OAUTH_GITLAB_ISSUER: 'https://gitlab.example.test',
      OAUTH_MICROSOFT_CLIENT_ID: 'id',
      OAUTH_MICROSOFT_CLIENT_SECRET: 'secret',
      OAUTH_MICROSOFT_AUTHORITY: 'https://login.microsoftonline.us',
    });
    expect(Object.keys(settings.config?.providers ?? {}).sort()).toEqual(['gitlab', 'microsoft']);
  });

  it('refuses an http:// provider URL without OAUTH_ALLOW_INSECURE_PROVIDERS, naming the variable', () => {
    expect(() =>
      read({ OAUTH_GITLAB_CLIENT_ID: 'id', OAUTH_GITLAB_CLIENT_SECRET: 'secret', OAUTH_GITLAB_ISSUER: 'http://gitlab.internal' }),
    ).toThrow(/^OAUTH_GITLAB_ISSUER must be an https:\/\/ URL/);
    expect(() => read({ OIDC_ISSUER: 'http://idp.internal', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' })).toThrow(
      /^OIDC_ISSUER must be/,
    );
  });

  it('reads several generic OIDC providers from OIDC_<ID>_*, each under its own id, beside the single OIDC_ISSUER', () => {
    const settings = read({
      OIDC_ISSUER: 'https://idp.example.test',
      OIDC_CLIENT_ID: 'one',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_KEYCLOAK_ISSUER: 'https://sso.example.test/realms/main',
      OIDC_KEYCLOAK_CLIENT_ID: 'kc',
      OIDC_KEYCLOAK_CLIENT_SECRET: 'kc-secret',
      OIDC_KEYCLOAK_NAME: 'Company SSO',
      OIDC_KEYCLOAK_SCOPES: 'groups roles',
      OIDC_OKTA_ISSUER: 'https://example.okta.test',
      OIDC_OKTA_CLIENT_ID: 'okta',
      OIDC_OKTA_CLIENT_SECRET: 'okta-secret',
      OIDC_OKTA_CLIENT_AUTH: 'client_secret_post',
    });
    expect(settings.config?.providers?.oidc).toMatchObject({ issuer: 'https://idp.example.test', clientId: 'one' });
    expect(settings.config?.oidcProviders).toEqual({
      keycloak: {
        issuer: 'https://sso.example.test/realms/main',
        clientId: 'kc',
        clientSecret: 'kc-secret',
        name: 'Company SSO',
        scopes: ['groups', 'roles'],
      },
      okta: {
        issuer: 'https://example.okta.test',
        clientId: 'okta',
        clientSecret: 'okta-secret',
        clientAuthentication: 'client_secret_post',
      },
    });
  });

  it('enables the ten providers of round 4 by OAUTH_<ID>_CLIENT_ID/SECRET, and Google Workspace by OAUTH_GOOGLE_HOSTED_DOMAIN', () => {
    const env: Record<string, string> = {
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 's',
      OAUTH_GOOGLE_HOSTED_DOMAIN: 'example.com',
    };
    const ten = ['ZOOM', 'NOTION', 'FIGMA', 'KAKAO', 'BITBUCKET', 'REDDIT', 'TIKTOK', 'ROBLOX', 'DROPBOX', 'ATLASSIAN'];
    for (const id of ten) Object.assign(env, { [`OAUTH_${id}_CLIENT_ID`]: 'id', [`OAUTH_${id}_CLIENT_SECRET`]: 'secret' });
    const providers = read(env).config?.providers ?? {};
    expect(Object.keys(providers).sort()).toEqual(['google', ...ten.map((id) => id.toLowerCase())].sort());
    expect(providers.google).toMatchObject({ hostedDomain: 'example.com' });
  });
});

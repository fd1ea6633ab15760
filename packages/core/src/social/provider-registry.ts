import { AuthError } from '../errors/auth-error.js';
import type { ConfiguredProvider, ProviderClient } from './oauth-client.js';
import type { OAuthProviderDefinition, ProviderId } from './provider-definition.js';
import { isBuiltInProviderId } from './provider-definition.js';
import { apple } from './providers/apple.js';
import { battlenet } from './providers/battlenet.js';
import { discord } from './providers/discord.js';
import { facebook } from './providers/facebook.js';
import { genericOidc } from './providers/generic-oidc.js';
import { github } from './providers/github.js';
import { gitlab } from './providers/gitlab.js';
import { google } from './providers/google.js';
import { linkedin } from './providers/linkedin.js';
import { microsoft } from './providers/microsoft.js';
import { MORE_PROVIDERS } from './providers/more-providers.js';
import { slack } from './providers/slack.js';
import { spotify } from './providers/spotify.js';
import { twitch } from './providers/twitch.js';
import { x } from './providers/x.js';
import type { SocialConfig } from './social-config.js';
import { steamProvider, type SteamProvider } from './steam/steam-provider.js';

/** The path under the app's URL where every provider calls back (`:provider` filled in). */
export const CALLBACK_PATH = '/api/v1/auth/oauth/:provider/callback';

/** One enabled provider: an OAuth 2.0 / OIDC client, or Steam's OpenID 2.0 verifier. */
export type EnabledProvider = { kind: 'oauth'; configured: ConfiguredProvider } | { kind: 'steam'; steam: SteamProvider };

/** How `GET /oauth/providers` shows a provider. */
export interface ProviderSummary {
  id: ProviderId;
  name: string;
  protocol: 'oauth2' | 'oidc' | 'openid2';
  returnsEmail: boolean;
}

type Configs = SocialConfig['providers'];
interface Overrides {
  issuer?: string | undefined;
  endpoints?: { authorizationEndpoint: string; tokenEndpoint: string; apiBase?: string | undefined } | undefined;
  scopes?: string[] | undefined;
  authorizationParameters?: Record<string, string> | undefined;
}

/**
 * A definition with the configured issuer or endpoints in place of the public ones (tests,
 * self-hosted), and the app's extra scopes and authorization parameters added.
 */
function withOverrides(definition: OAuthProviderDefinition, settings: Overrides): OAuthProviderDefinition {
  const extras = {
    scopes: [...new Set([...definition.scopes, ...(settings.scopes ?? [])])],
    authorizationParameters: { ...definition.authorizationParameters, ...settings.authorizationParameters },
  };
  if (definition.protocol === 'oidc') return { ...definition, ...extras, ...(settings.issuer ? { issuer: settings.issuer } : {}) };
  if (!settings.endpoints) return { ...definition, ...extras };
  const { apiBase, ...rest } = settings.endpoints;
  return { ...definition, ...extras, endpoints: { ...definition.endpoints, ...rest, ...(apiBase ? { apiBase } : {}) } };
}

/** Providers whose definition is fixed: only the configured issuer or endpoints may replace the public ones. */
const FIXED_DEFINITIONS = { apple, x, linkedin, github, discord, twitch, spotify, slack, ...MORE_PROVIDERS } as const;
type FixedId = keyof typeof FIXED_DEFINITIONS;
const isFixed = (id: string): id is FixedId & string => Object.hasOwn(FIXED_DEFINITIONS, id);

function definitionFor(id: string, configs: Configs): OAuthProviderDefinition | undefined {
  if (isFixed(id)) return FIXED_DEFINITIONS[id];
  switch (id) {
    case 'google':
      return google(configs.google?.hostedDomain ? { hostedDomain: configs.google.hostedDomain } : {});
    case 'microsoft': {
      const c = configs.microsoft;
      return (
        c &&
        microsoft({
          tenant: c.tenant,
          ...(c.verifiedEmailClaim ? { verifiedEmailClaim: c.verifiedEmailClaim } : {}),
          ...(c.issuer ? { issuer: c.issuer } : {}),
          ...(c.authority ? { authority: c.authority } : {}),
        })
      );
    }
    case 'facebook':
      return facebook(configs.facebook?.graphApiVersion ? { graphApiVersion: configs.facebook.graphApiVersion } : {});
    case 'gitlab':
      return gitlab(configs.gitlab?.issuer ? { issuer: configs.gitlab.issuer } : {});
    case 'battlenet':
      return battlenet(configs.battlenet?.issuer ? { issuer: configs.battlenet.issuer } : {});
    case 'oidc':
      return configs.oidc && genericOidc({ issuer: configs.oidc.issuer, ...(configs.oidc.name ? { name: configs.oidc.name } : {}) });
  }
  return undefined;
}

interface ClientSettings {
  clientId: string;
  clientSecret?: string | undefined;
  teamId?: string | undefined;
  keyId?: string | undefined;
  privateKey?: string | undefined;
  keyAlgorithm?: string | undefined;
}

function clientOf(definition: OAuthProviderDefinition, settings: ClientSettings): ProviderClient {
  if (definition.clientAuthentication === 'apple_es256_jwt' && settings.teamId && settings.keyId && settings.privateKey) {
    return { clientId: settings.clientId, apple: { teamId: settings.teamId, keyId: settings.keyId, privateKey: settings.privateKey } };
  }
  return {
    clientId: settings.clientId,
    ...(settings.clientSecret !== undefined ? { clientSecret: settings.clientSecret } : {}),
    ...(definition.clientAuthentication === 'private_key_jwt' && settings.privateKey
      ? { privateKeyJwt: { privateKey: settings.privateKey, keyId: settings.keyId, algorithm: settings.keyAlgorithm ?? 'RS256' } }
      : {}),
  };
}

/** The enabled providers, built once from the parsed config: the built-in ones, then the app's own. */
export function buildProviders(config: SocialConfig): Map<ProviderId, EnabledProvider> {
  const enabled = new Map<ProviderId, EnabledProvider>();
  const appUrl = config.appUrl.replace(/\/+$/, '');
  const callbackUrl = (id: string) => `${appUrl}${CALLBACK_PATH.replace(':provider', id)}`;
  const add = (definition: OAuthProviderDefinition, settings: ClientSettings) =>
    enabled.set(definition.id, {
      kind: 'oauth',
      configured: {
        definition,
        client: clientOf(definition, settings),
        callbackUrl: callbackUrl(definition.id),
        allowInsecure: config.allowInsecureProviders,
      },
    });
  for (const [id, settings] of Object.entries(config.providers)) {
    if (!isBuiltInProviderId(id) || !settings) continue;
    if (id === 'steam') {
      const steam = config.providers.steam!;
      enabled.set(id, {
        kind: 'steam',
        steam: steamProvider({ ...steam, returnTo: callbackUrl(id), realm: `${new URL(appUrl).origin}/` }),
      });
      continue;
    }
    const definition = definitionFor(id, config.providers);
    if (definition) add(withOverrides(definition, settings as Overrides), settings as ClientSettings);
  }
  for (const [id, settings] of Object.entries(config.oidcProviders)) {
    const definition = genericOidc({
      id,
      issuer: settings.issuer,
      name: settings.name ?? id,
      clientAuthentication: settings.clientAuthentication,
      pkce: settings.pkce,
    });
    add(withOverrides(definition, settings), settings);
  }
  for (const custom of config.customProviders) add(custom.definition, custom);
  return enabled;
}

export function summaryOf(id: ProviderId, provider: EnabledProvider): ProviderSummary {
  if (provider.kind === 'steam') return { id, name: 'Steam', protocol: 'openid2', returnsEmail: false };
  const { definition } = provider.configured;
  return { id, name: definition.name, protocol: definition.protocol, returnsEmail: definition.returnsEmail };
}

/** The enabled provider of this id; unknown or disabled: 404. */
export function enabledProvider(providers: ReadonlyMap<ProviderId, EnabledProvider>, id: unknown): [ProviderId, EnabledProvider] {
  const provider = typeof id === 'string' ? providers.get(id) : undefined;
  if (typeof id !== 'string' || !provider) throw new AuthError('PROVIDER_NOT_FOUND');
  return [id, provider];
}

/**
 * A provider that did not answer (discovery, token endpoint): its own code, so the log blames the
 * provider (named in the reason), not the password hasher; 503 with Retry-After.
 */
export function providerUnavailable(id: ProviderId, error: unknown): AuthError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AuthError('PROVIDER_UNAVAILABLE', undefined, undefined, { cause: new Error(`provider ${id}: ${reason}`) });
}

import { AuthError } from '../errors/auth-error.js';
import type { ConfiguredProvider } from './oauth-client.js';
import type { OAuthProviderDefinition, ProviderId } from './provider-definition.js';
import { isProviderId } from './provider-definition.js';
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

/** A definition with the configured issuer or endpoints in place of the public ones (tests, self-hosted). */
function withOverrides(
  definition: OAuthProviderDefinition,
  settings: {
    issuer?: string | undefined;
    endpoints?: { authorizationEndpoint: string; tokenEndpoint: string; apiBase?: string | undefined } | undefined;
  },
): OAuthProviderDefinition {
  if (definition.protocol === 'oidc') return settings.issuer ? { ...definition, issuer: settings.issuer } : definition;
  if (!settings.endpoints) return definition;
  const { apiBase, ...rest } = settings.endpoints;
  return { ...definition, endpoints: { ...definition.endpoints, ...rest, ...(apiBase ? { apiBase } : {}) } };
}

/** Providers whose definition is fixed: only the configured issuer or endpoints may replace the public ones. */
const FIXED_DEFINITIONS = { google, apple, x, linkedin, github, discord, twitch, spotify, slack } as const;
type FixedId = keyof typeof FIXED_DEFINITIONS;
const isFixed = (id: ProviderId): id is FixedId => Object.hasOwn(FIXED_DEFINITIONS, id);

function definitionFor(id: Exclude<ProviderId, 'steam'>, configs: Configs): OAuthProviderDefinition | undefined {
  if (isFixed(id)) {
    const settings = configs[id];
    return settings && withOverrides(FIXED_DEFINITIONS[id], settings);
  }
  switch (id) {
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
    case 'facebook': {
      const c = configs.facebook;
      return c && withOverrides(facebook(c.graphApiVersion ? { graphApiVersion: c.graphApiVersion } : {}), c);
    }
    case 'gitlab':
      return configs.gitlab && gitlab(configs.gitlab.issuer ? { issuer: configs.gitlab.issuer } : {});
    case 'battlenet':
      return configs.battlenet && battlenet(configs.battlenet.issuer ? { issuer: configs.battlenet.issuer } : {});
    case 'oidc':
      return configs.oidc && genericOidc({ issuer: configs.oidc.issuer, ...(configs.oidc.name ? { name: configs.oidc.name } : {}) });
  }
}

/** The enabled providers, built once from the parsed config. */
export function buildProviders(config: SocialConfig): Map<ProviderId, EnabledProvider> {
  const enabled = new Map<ProviderId, EnabledProvider>();
  const appUrl = config.appUrl.replace(/\/+$/, '');
  for (const id of Object.keys(config.providers)) {
    if (!isProviderId(id)) continue;
    const callbackUrl = `${appUrl}${CALLBACK_PATH.replace(':provider', id)}`;
    if (id === 'steam') {
      const steam = config.providers.steam;
      if (steam)
        enabled.set(id, { kind: 'steam', steam: steamProvider({ ...steam, returnTo: callbackUrl, realm: new URL(appUrl).origin + '/' }) });
      continue;
    }
    const definition = definitionFor(id, config.providers);
    if (!definition) continue;
    const settings = config.providers[id] as {
      clientId: string;
      clientSecret?: string;
      teamId?: string;
      keyId?: string;
      privateKey?: string;
    };
    const client =
      id === 'apple' && settings.teamId && settings.keyId && settings.privateKey
        ? { clientId: settings.clientId, apple: { teamId: settings.teamId, keyId: settings.keyId, privateKey: settings.privateKey } }
        : { clientId: settings.clientId, ...(settings.clientSecret !== undefined ? { clientSecret: settings.clientSecret } : {}) };
    enabled.set(id, { kind: 'oauth', configured: { definition, client, callbackUrl, allowInsecure: config.allowInsecureProviders } });
  }
  return enabled;
}

export function summaryOf(id: ProviderId, provider: EnabledProvider): ProviderSummary {
  if (provider.kind === 'steam') return { id, name: 'Steam', protocol: 'openid2', returnsEmail: false };
  const { definition } = provider.configured;
  return { id, name: definition.name, protocol: definition.protocol, returnsEmail: definition.returnsEmail };
}

/** The enabled provider of this id; unknown or disabled: 404. */
export function enabledProvider(providers: ReadonlyMap<ProviderId, EnabledProvider>, id: unknown): [ProviderId, EnabledProvider] {
  const provider = typeof id === 'string' && isProviderId(id) ? providers.get(id) : undefined;
  if (typeof id !== 'string' || !provider) throw new AuthError('PROVIDER_NOT_FOUND', 'No such sign-in provider is enabled.');
  return [id as ProviderId, provider];
}

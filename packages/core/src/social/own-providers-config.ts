import { z } from 'zod';
import type { OAuthProviderDefinition } from './provider-definition.js';

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const providerId = z.string().regex(/^[a-z][a-z0-9_-]{1,31}$/, 'must be 2–32 of a-z, 0-9, - and _, starting with a letter');

/** Extra scopes and authorization parameters any provider may be given (Google's `hd`, `prompt`, …). */
export const requestExtras = {
  /** Scopes asked for besides the provider's own. */
  scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'must be a scope token')).optional(),
  /** Parameters added to the authorization request; they cannot replace the ones the flow sets (state, PKCE, nonce, …). */
  authorizationParameters: z.record(z.string(), z.string()).optional(),
};

/** The client's own key for `private_key_jwt`: PKCS #8 PEM, its `kid`, its JWS algorithm. */
const clientKey = {
  privateKey: z.string().includes('PRIVATE KEY', { message: 'must be a PKCS #8 PEM private key' }).optional(),
  keyId: z.string().min(1).optional(),
  keyAlgorithm: z.enum(['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA']).default('RS256'),
};

const needsItsSecret = (c: { clientAuthentication?: string; clientSecret?: string | undefined; privateKey?: string | undefined }) =>
  c.clientAuthentication === 'private_key_jwt' ? c.privateKey !== undefined : c.clientSecret !== undefined;
const SECRET_MESSAGE = 'needs clientSecret, or privateKey with clientAuthentication private_key_jwt';

/** One generic OpenID Connect provider of several (`OIDC_<ID>_ISSUER`, …), keyed by its id. */
export const oidcProviderSettings = z
  .object({
    issuer: url,
    clientId: z.string().min(1, 'is required'),
    clientSecret: z.string().min(1).optional(),
    name: z.string().min(1).max(60).optional(),
    clientAuthentication: z.enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt']).default('client_secret_basic'),
    pkce: z.boolean().default(true),
    ...clientKey,
    ...requestExtras,
  })
  .strict()
  .refine(needsItsSecret, SECRET_MESSAGE);

/** A provider the app defined itself (`defineOAuth2Provider`, `defineOidcProvider`) and its client. */
export const customProviderSettings = z
  .object({
    definition: z.custom<OAuthProviderDefinition>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        providerId.safeParse((value as { id?: unknown }).id).success &&
        ['oauth2', 'oidc'].includes((value as { protocol?: unknown }).protocol as string) &&
        typeof (value as { readProfile?: unknown }).readProfile === 'function',
      'must be a provider made with defineOAuth2Provider or defineOidcProvider, its id 2–32 of a-z, 0-9, - and _',
    ),
    clientId: z.string().min(1, 'is required'),
    clientSecret: z.string().min(1).optional(),
    ...clientKey,
  })
  .strict()
  .refine(
    (c) =>
      needsItsSecret({ clientAuthentication: c.definition.clientAuthentication, clientSecret: c.clientSecret, privateKey: c.privateKey }),
    SECRET_MESSAGE,
  );

export const ownProviders = {
  /** Several generic OpenID Connect providers at once, by id (`keycloak`, `okta`, …). */
  oidcProviders: z.record(providerId, oidcProviderSettings).default({}),
  /** Providers the app defined. */
  customProviders: z.array(customProviderSettings).default([]),
};

import { ERROR_CATALOGUE, type AuthErrorCode } from '@gatehousejs/core';
import { z } from 'zod';

// The bodies the API answers, as the OpenAPI document states them. They are not a second source of
// truth left to drift: the shared HTTP suite checks every answer it gets against these schemas
// (`responseMismatch`), so a field added to a response without the document fails a test.

/** The response schemas with their component names; the document lists them under `components.schemas`. */
export const API_SCHEMAS = z.registry<{ id: string; description?: string }>();

function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  API_SCHEMAS.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

const isoDate = z.string().meta({ format: 'date-time' });

export const errorBody = named(
  'Error',
  z
    .object({
      statusCode: z.number().int(),
      message: z.string(),
      error: z.string(),
      code: z
        .enum(Object.keys(ERROR_CATALOGUE) as [AuthErrorCode, ...AuthErrorCode[]])
        .meta({ description: 'The catalogue code (`TOKEN_EXPIRED`, `EMAIL_TAKEN`, …), stable across versions.' }),
      details: z.array(z.object({ path: z.string(), message: z.string() }).strict()).optional(),
    })
    .strict(),
  'Every error answer (CONTRACT §2, §9); `code` is the catalogue code; `details` only for validation errors.',
);

export const userSummary = named(
  'UserSummary',
  z.object({ id: z.string(), email: z.string().nullable(), roles: z.array(z.string()) }).strict(),
  'The user in login and verify-token answers; `email` is null for an account made by a provider without e-mail.',
);

const publicUserShape = {
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  roles: z.array(z.string()),
};

export const publicUser = named('PublicUser', z.object(publicUserShape).strict(), 'The user as registration answers it.');

export const userProfile = named(
  'UserProfile',
  z
    .object({
      ...publicUserShape,
      createdAt: isoDate,
      updatedAt: isoDate,
      emailVerifiedAt: isoDate.nullable(),
      passwordChangedAt: isoDate.nullable(),
      lastLoginAt: isoDate.nullable(),
      disabledAt: isoDate.nullable(),
    })
    .strict(),
  'The full user without secrets.',
);

/** In cookie mode the refresh token travels in an HttpOnly cookie, never in the body (docs/browser-sessions.md). */
const refreshTokenInBody = z.string().optional().describe('Absent in cookie mode: the refresh token is in the session cookie.');

export const tokenPair = named('TokenPair', z.object({ accessToken: z.string(), refreshToken: refreshTokenInBody }).strict());

export const loginResult = named(
  'LoginResult',
  z.object({ accessToken: z.string(), refreshToken: refreshTokenInBody, user: userSummary }).strict(),
);

export const registerResult = named(
  'RegisterResult',
  z.object({ user: publicUser, accessToken: z.string(), refreshToken: refreshTokenInBody, message: z.string() }).strict(),
);

export const message = named('Message', z.object({ message: z.string() }).strict(), 'A sentence for a person.');

export const verifiedToken = named('VerifiedToken', z.object({ message: z.string(), user: userSummary }).strict());

export const userList = named(
  'UserList',
  z.object({ users: z.array(userProfile), limit: z.number().int(), offset: z.number().int(), role: z.string().optional() }).strict(),
);

export const rolesUpdated = named('RolesUpdated', z.object({ message: z.string(), user: userProfile }).strict());

export const identityList = named(
  'IdentityList',
  z
    .object({
      identities: z.array(
        z
          .object({
            provider: z.string(),
            email: z.string().nullable(),
            emailVerified: z.boolean(),
            displayName: z.string().nullable(),
            createdAt: z.string(),
            lastLoginAt: z.string(),
          })
          .strict(),
      ),
    })
    .strict(),
  'The accounts at sign-in providers linked to the user.',
);

export const providerList = named(
  'ProviderList',
  z
    .object({
      providers: z.array(
        z
          .object({
            id: z.string(),
            name: z.string(),
            protocol: z.enum(['oauth2', 'oidc', 'openid2']),
            returnsEmail: z.boolean(),
          })
          .strict(),
      ),
    })
    .strict(),
  'The enabled social sign-in providers, for sign-in buttons.',
);

export const exchangeResult = named(
  'ExchangeResult',
  z.object({ accessToken: z.string(), refreshToken: z.string(), user: userSummary, isNewUser: z.boolean() }).strict(),
  'The login shape, and whether the sign-in created the account.',
);

export const providerUrl = named('ProviderUrl', z.object({ url: z.string() }).strict(), 'Where to send the browser to link the provider.');

export const accessTokenOnly = named(
  'AccessToken',
  z.object({ accessToken: z.string() }).strict(),
  'A new access token of the same session.',
);

export const sessionList = named(
  'SessionList',
  z
    .object({
      sessions: z.array(
        z
          .object({
            id: z.string(),
            createdAt: isoDate,
            lastUsedAt: isoDate,
            expiresAt: isoDate,
            userAgent: z.string().nullable(),
            ipAddress: z.string().nullable(),
            current: z.boolean(),
          })
          .strict(),
      ),
    })
    .strict(),
  'The live sessions of the signed-in user; `ipAddress` masked (`203.0.113.*`).',
);

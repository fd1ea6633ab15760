// The request and response bodies of the Gatehouse HTTP API (CONTRACT §1 and §8), as the client
// sends and reads them. `api-types.test.ts` holds these against the server's zod schemas and views,
// so a change on either side that the other does not follow fails the type check.

/** A role name. The spec's four by default; an app may define its own. */
export type RoleName = string;

export interface RegisterInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** The summary in login and verify-token answers. `email` is null for an account made by a provider without e-mail. */
export interface UserSummary {
  id: string;
  email: string | null;
  roles: RoleName[];
}

/** The user as the register answer shows it. */
export interface PublicUser extends UserSummary {
  firstName: string;
  lastName: string;
  username: string;
  isActive: boolean;
}

/** The full user without secrets (`GET /api/v1/users/me`). */
export interface UserProfile extends PublicUser {
  createdAt: string;
  updatedAt: string;
  emailVerifiedAt: string | null;
  passwordChangedAt: string | null;
  lastLoginAt: string | null;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface RegisterResult extends TokenPair {
  user: PublicUser;
  message: string;
}

export interface LoginResult extends TokenPair {
  user: UserSummary;
}

/** `POST /api/v1/auth/oauth/exchange`: the login shape, and whether the account was just created. */
export interface ExchangeResult extends LoginResult {
  isNewUser: boolean;
}

/** The register answer of a server that conceals registered addresses (`concealRegisteredEmails`): no session. */
export interface RegisterAccepted {
  message: string;
}

export interface MessageResult {
  message: string;
}

/** The id of a social sign-in provider (CONTRACT §8). */
export type SocialProviderId =
  | 'google'
  | 'microsoft'
  | 'apple'
  | 'facebook'
  | 'x'
  | 'linkedin'
  | 'github'
  | 'gitlab'
  | 'discord'
  | 'twitch'
  | 'spotify'
  | 'slack'
  | 'battlenet'
  | 'steam'
  | 'oidc';

/** An enabled provider as `GET /api/v1/auth/oauth/providers` lists it: enough for a sign-in button. */
export interface SocialProvider {
  id: SocialProviderId;
  /** The name to show, e.g. `GitHub` (the generic provider's is configured). */
  name: string;
  protocol: 'oauth2' | 'oidc' | 'openid2';
  /** False for providers that never give an e-mail address (Steam, Battle.net). */
  returnsEmail: boolean;
}

/** An identity at a provider linked to the signed-in user (`GET /api/v1/users/me/identities`). */
export interface LinkedIdentity {
  provider: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  createdAt: string;
  lastLoginAt: string;
}

/** Why a social sign-in or link came back without success (`?error=` on the redirect). */
export type SocialCallbackError = 'access_denied' | 'account_exists' | 'identity_in_use' | 'provider_error';

/** The error body of CONTRACT §2 and §9. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  /** The catalogue code (`TOKEN_EXPIRED`, `EMAIL_TAKEN`, …), stable across versions. */
  code: string;
  details?: { path: string; message: string }[];
}

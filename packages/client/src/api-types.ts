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

export interface MessageResult {
  message: string;
}

/** The error body of CONTRACT §2. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  details?: { path: string; message: string }[];
}

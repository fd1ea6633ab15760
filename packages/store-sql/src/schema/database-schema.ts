import type { ColumnType } from 'kysely';
import type { SecondFactorTables } from './second-factor-schema.js';

/**
 * An instant as integer epoch milliseconds (UTC by definition). Written as a JS number; read back
 * as a number (SQLite, MySQL) or a string (PostgreSQL returns `bigint` as text), so every read goes
 * through `fromEpochMillis`.
 */
export type EpochMillis = ColumnType<number | string | bigint, number, number>;
export type NullableEpochMillis = ColumnType<number | string | bigint | null, number | null, number | null>;

/**
 * `users`: one row per account. `*_key` columns hold the lower-cased value under a unique index. An
 * account without an address has `email = ''` and `email_key = '!' + id` (no address starts with `!`
 * and has no `@`); one without a password has `password_hash = ''` (see row-mapping.ts).
 */
export interface UsersTable {
  id: string;
  email: string;
  email_key: string;
  username: string;
  username_key: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** 0 or 1: one integer type behaves the same on all three dialects (SQLite has no boolean). */
  is_active: ColumnType<number | boolean, number, number>;
  created_at: EpochMillis;
  updated_at: EpochMillis;
  email_verified_at: NullableEpochMillis;
  password_changed_at: NullableEpochMillis;
  last_login_at: NullableEpochMillis;
  /** Added by `0002-token-version-and-rate-limits` with default 0, so rows of older deployments read as 0. */
  token_version: ColumnType<number, number | undefined, number>;
  /** Added by `0004-account-security`: when an administrator disabled the account, null while enabled. */
  disabled_at: ColumnType<number | string | bigint | null, number | null | undefined, number | null>;
}

/** `user_roles`: the role set of a user, primary key (user_id, role). */
export interface UserRolesTable {
  user_id: string;
  role: string;
}

/** `refresh_tokens`: rotation state of each issued refresh token. */
export interface RefreshTokensTable {
  jti: string;
  family_id: string;
  user_id: string;
  issued_at: EpochMillis;
  expires_at: EpochMillis;
  used_at: NullableEpochMillis;
  revoked_at: NullableEpochMillis;
}

/** `one_time_tokens`: SHA-256 hashes of e-mail-verification and reset tokens. */
export interface OneTimeTokensTable {
  token_hash: string;
  purpose: string;
  user_id: string;
  created_at: EpochMillis;
  expires_at: EpochMillis;
  consumed_at: NullableEpochMillis;
  /** The new address an `email-change` token confirms; added by `0003-social-sign-in`. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `user_identities`: accounts at identity providers linked to users. */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  issuer: string;
  subject: string;
  email: string | null;
  email_verified: ColumnType<number | boolean, number, number>;
  display_name: string | null;
  avatar_url: string | null;
  created_at: EpochMillis;
  last_login_at: EpochMillis;
}

/** `provider_tokens`: a linked identity's provider tokens, sealed by core (added by `0006-provider-tokens`). */
export interface ProviderTokensTable {
  identity_id: string;
  user_id: string;
  access_token: string;
  refresh_token: string | null;
  access_token_expires_at: NullableEpochMillis;
  scope: string | null;
  updated_at: EpochMillis;
}

/** `oauth_states`: social sign-ins under way (SHA-256 of the state and of the browser's cookie). */
export interface OAuthStatesTable {
  state_hash: string;
  provider: string;
  browser_key_hash: string;
  redirect_uri: string;
  nonce: string | null;
  link_user_id: string | null;
  created_at: EpochMillis;
  expires_at: EpochMillis;
  consumed_at: NullableEpochMillis;
}

/**
 * `rate_limits`: one fixed window per limiter key. `key` holds the SHA-256 (hex) of the limiter's
 * key, so any key fits, compares byte for byte on every dialect and keeps no e-mail or address in
 * plain text.
 */
export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: EpochMillis;
}

/**
 * `sessions`: one row per refresh-token family (added by `0004-account-security`). `amr` is the
 * methods joined by spaces (RFC 8176 values never contain one).
 */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: EpochMillis;
  last_used_at: EpochMillis;
  expires_at: EpochMillis;
  auth_time: EpochMillis;
  amr: string;
  user_agent: string | null;
  ip_address: string | null;
}

/** `revocations`: recent revocations for instances whose feed is down (added by `0004-account-security`). */
export interface RevocationsTable {
  kind: string;
  id: string;
  at: EpochMillis;
  expires_at: EpochMillis;
}

/** The tables Gatehouse owns, as Kysely sees them. */
export interface GatehouseDatabase extends SecondFactorTables {
  users: UsersTable;
  user_roles: UserRolesTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  rate_limits: RateLimitsTable;
  user_identities: UserIdentitiesTable;
  provider_tokens: ProviderTokensTable;
  oauth_states: OAuthStatesTable;
  sessions: SessionsTable;
  revocations: RevocationsTable;
}

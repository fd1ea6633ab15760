/**
 * An account at an outside identity provider, linked to a local user. `(provider, issuer, subject)`
 * names it: the subject is only unique within its issuer (a generic OpenID Connect provider may be
 * pointed at another issuer later; Microsoft's issuer names the tenant). A user holds at most one
 * identity per provider.
 */
export interface IdentityRecord {
  id: string;
  userId: string;
  /** Provider id, e.g. `google`, `steam`, `oidc`. */
  provider: string;
  /** The issuer that vouched for the subject: the OpenID `iss`, or a fixed URL for plain OAuth 2.0 providers. */
  issuer: string;
  /** The provider's stable id of the account, read from the raw profile. */
  subject: string;
  /** The address the provider reported at the last sign-in, if any; lower-cased. */
  email: string | null;
  /** Whether the provider says it verified `email`. */
  emailVerified: boolean;
  displayName: string | null;
  avatarUrl: string | null;
  createdAt: Date;
  lastLoginAt: Date;
}

/** What a sign-in refreshes on an identity: the profile as the provider shows it now. */
export type IdentityProfile = Pick<IdentityRecord, 'email' | 'emailVerified' | 'displayName' | 'avatarUrl'>;

/**
 * A provider's tokens for one identity (opt-in, `social.storeProviderTokens`), for the app's calls to
 * the provider's API. The tokens arrive sealed (AES-256-GCM by core's secret box, bound to the
 * identity); the store keeps them as given and never reads them. They go with their identity.
 */
export interface ProviderTokenRecord {
  identityId: string;
  userId: string;
  /** The sealed access token. */
  accessToken: string;
  /** The sealed refresh token, or null when the provider gave none. */
  refreshToken: string | null;
  /** When the access token expires (from `expires_in`), or null when the provider did not say. */
  accessTokenExpiresAt: Date | null;
  /** The scopes the provider granted, space-separated as RFC 6749 §5.1 writes them, or null. */
  scope: string | null;
  updatedAt: Date;
}

/** How `unlinkIdentity` went. */
export type UnlinkOutcome = 'unlinked' | 'not-linked' | 'last-sign-in-method';

/**
 * Where linked identities live. Uniqueness of `(provider, issuer, subject)` and of
 * `(userId, provider)` is the store's job and must be atomic.
 */
export interface IdentityStore {
  /** Inserts an identity. Rejects with `AuthError` `IDENTITY_IN_USE` on either duplicate. */
  linkIdentity(identity: IdentityRecord): Promise<void>;
  findIdentity(provider: string, issuer: string, subject: string): Promise<IdentityRecord | null>;
  /** The user's identities, oldest first. */
  listIdentitiesOfUser(userId: string): Promise<IdentityRecord[]>;
  /** Sets the profile fields and `lastLoginAt` of the identity with this id. */
  recordIdentityLogin(id: string, profile: IdentityProfile, at: Date): Promise<void>;
  /**
   * Removes the user's identity at `provider`, unless the user would be left without a way to sign
   * in (no password and no other identity): then nothing changes. The check and the delete are one
   * atomic step, so two parallel unlinks of a user's last two identities leave one.
   */
  unlinkIdentity(userId: string, provider: string): Promise<UnlinkOutcome>;
  /**
   * Stores the tokens of `tokens.identityId`, replacing any it had. Does nothing when that identity is
   * not linked (any more): tokens never outlive their identity. Unlinking the identity or deleting
   * its user deletes its tokens in the same step.
   */
  saveProviderTokens(tokens: ProviderTokenRecord): Promise<void>;
  findProviderTokens(identityId: string): Promise<ProviderTokenRecord | null>;
  /** Deletes the identity's tokens (the provider refused its refresh token); nothing when it has none. */
  deleteProviderTokens(identityId: string): Promise<void>;
}

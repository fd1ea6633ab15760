import { claimIsTrue, subjectOf, text, type ProviderProfile } from '../provider-definition.js';

/** Which claims name the account, where a provider differs from the usual `name` and `given_name`. */
export interface ClaimNames {
  displayName?: string;
  username?: string;
}

/**
 * The profile most OpenID Connect providers put in the id_token: `sub`, `email` with
 * `email_verified`, `name`, `picture`.
 */
export function profileFromClaims(issuer: string, claims: Record<string, unknown>, names: ClaimNames = {}): ProviderProfile {
  return {
    subject: subjectOf(claims.sub),
    issuer,
    email: text(claims.email),
    emailVerified: claimIsTrue(claims.email_verified),
    displayName: text(claims[names.displayName ?? 'name']),
    avatarUrl: text(claims.picture),
    preferredUsername: text(claims[names.username ?? 'given_name']),
  };
}

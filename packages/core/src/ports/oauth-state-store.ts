/**
 * A sign-in started at a provider and not yet come back. Only the SHA-256 of `state` is kept, and
 * only the SHA-256 of the browser's cookie value: the PKCE verifier is derived from the cookie, so
 * nothing stored here lets anyone finish the flow.
 */
export interface OAuthStateRecord {
  /** Lower-case hex SHA-256 of the `state` sent to the provider. */
  stateHash: string;
  provider: string;
  /** Lower-case hex SHA-256 of the value of the browser-binding cookie. */
  browserKeyHash: string;
  /** The front-end URL (already checked against the allow-list) to send the browser back to. */
  redirectUri: string;
  /** The OpenID Connect `nonce` sent in the request, when the provider is OIDC. */
  nonce: string | null;
  /** Set when a signed-in user started linking: the identity goes to this user. */
  linkUserId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface OAuthStateStore {
  saveOAuthState(state: OAuthStateRecord): Promise<void>;
  /**
   * Takes an unused, unexpired state (`now < expiresAt`) atomically and returns it; null when it is
   * unknown, used or expired. Of two parallel takers at most one gets it.
   */
  consumeOAuthState(stateHash: string, now: Date): Promise<OAuthStateRecord | null>;
}

/** What happened, for an audit trail. Never carries a password, a token or a full e-mail address. */
export type AuthEventType =
  | 'registered'
  | 'login.succeeded'
  | 'login.failed'
  | 'login.locked'
  | 'token.refreshed'
  | 'token.reuse_detected'
  | 'email.verified'
  | 'password.reset'
  | 'password.reset_requested'
  | 'roles.changed'
  /** The bootstrap super user was created, or an existing account was taken over (its sessions ended). */
  | 'super.bootstrapped'
  | 'logout'
  | 'logout.all'
  | 'rate_limited'
  /** Account security (docs/account.md). */
  | 'session.reauthenticated'
  | 'session.revoked'
  | 'sessions.revoked_others'
  | 'password.changed'
  | 'email.change_requested'
  | 'email.changed'
  | 'account.deleted'
  | 'account.disabled'
  | 'account.enabled'
  /** Social sign-in: an account made by a provider, and identities linked to or unlinked from an account. */
  | 'social.registered'
  | 'identity.linked'
  | 'identity.unlinked'
  /** Second factors (docs/mfa.md): set up, removed, used, failed, locked, reset by an administrator. */
  | 'mfa.totp_enabled'
  | 'mfa.totp_disabled'
  | 'mfa.recovery_codes_generated'
  | 'mfa.challenge_started'
  | 'mfa.verified'
  | 'mfa.failed'
  | 'mfa.locked'
  | 'mfa.reset'
  | 'passkey.added'
  | 'passkey.removed'
  | 'passkey.login_failed'
  /** A passkey's signature counter went backwards: a cloned authenticator may be in use. */
  | 'passkey.counter_regression';

export interface AuthEvent {
  type: AuthEventType;
  at: Date;
  userId?: string;
  /** Masked: `a***@example.com`. */
  email?: string;
  clientAddress?: string;
  /** The `requestId` of the call's `RequestContext`, when the adapter gave one. */
  requestId?: string;
  /** Small, non-secret facts: the new roles, the actor of a role change, the limit that was hit. */
  detail?: Record<string, string | number | boolean | string[]>;
}

/** Receives audit events. It must not throw or block: it runs inside the request. */
export type AuthEventListener = (event: AuthEvent) => void;

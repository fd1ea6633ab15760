import type { AuthConfig } from '../config/auth-config.js';
import type { AuthEvent } from '../ports/auth-events.js';
import type { AuthStore } from '../ports/auth-store.js';
import type { BreachedPasswordRanges } from '../ports/breached-passwords.js';
import type { Clock } from '../ports/clock.js';
import type { AuthMail, Mailer } from '../ports/mailer.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { Random } from '../ports/random.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { RequestContext } from './request-context.js';
import type { RolePolicy } from '../roles/role-policy.js';
import type { TokenService } from '../tokens/token-service.js';
import type { RoleInputs } from '../validation/role-inputs.js';
import type { Revocation } from '../ports/revocation-feed.js';
import type { RevocationList } from '../tokens/revocation-list.js';

/** Something that went wrong where no caller is waiting for the answer (a mail sent in the background). */
export interface BackgroundFailure {
  /** A mail's kind; `password-breach-check` when the breach corpus could not be asked (the password was accepted); `revocation` when reading or publishing revocations failed. */
  operation: AuthMail['kind'] | 'password-breach-check' | 'revocation';
  /** Absent when the account was not known yet (forgot-password). */
  userId?: string;
  /** The `requestId` of the request that started the work, when the adapter gave one. */
  requestId?: string;
  error: unknown;
}

/** What every flow receives: the parsed config and the ports, built once by `createAuth`. */
export interface FlowContext {
  config: AuthConfig;
  store: AuthStore;
  mailer: Mailer;
  hasher: PasswordHasher;
  clock: Clock;
  random: Random;
  tokens: TokenService;
  /** The configured role set, grant policy and hierarchy. */
  roles: RolePolicy<string>;
  /** The schemas of the requests whose validation depends on the role set. */
  roleInputs: RoleInputs;
  rateLimiter: RateLimiter;
  /** Set: new passwords seen in a breach are refused (`createAuth`'s `breachedPasswords`). */
  breachedPasswords?: BreachedPasswordRanges;
  /** Hands an audit event to the app's listener; a listener that throws is ignored. */
  emit: (event: AuthEvent) => void;
  /** A hash of a random password, verified against when the e-mail is unknown (equal timing). */
  dummyPasswordHash: () => Promise<string>;
  onBackgroundError: (failure: BackgroundFailure) => void;
  /** Background work still running; `Auth.whenIdle()` waits for it before the app closes its ports. */
  pending: Set<Promise<void>>;
  /** Sessions and users whose access tokens this instance refuses (docs/account.md "Revocation"). */
  revocations: RevocationList;
  /** Refuses those tokens here at once, records them in the store and tells the other instances. */
  revoke: (revocations: readonly Revocation[]) => Promise<void>;
}

/**
 * Runs mail work (store writes, then SMTP) without making the caller wait, and without letting a
 * failure reach the client. Not waiting also keeps forgot-password equally fast for known and
 * unknown addresses.
 */
export function runInBackground(ctx: FlowContext, what: Omit<BackgroundFailure, 'error'>, task: () => Promise<void>): void {
  const running = task()
    .catch((error: unknown) => ctx.onBackgroundError({ ...what, error }))
    .finally(() => ctx.pending.delete(running));
  ctx.pending.add(running);
}

/**
 * The context of one call: with a `requestId` in `request`, its audit events and background
 * failures carry it; without, `ctx` itself (nothing is copied on the common path).
 */
export function forRequest(ctx: FlowContext, request: RequestContext | undefined): FlowContext {
  const requestId = request?.requestId;
  if (requestId === undefined) return ctx;
  return {
    ...ctx,
    emit: (event) => ctx.emit({ ...event, requestId }),
    onBackgroundError: (failure) => ctx.onBackgroundError({ ...failure, requestId }),
  };
}

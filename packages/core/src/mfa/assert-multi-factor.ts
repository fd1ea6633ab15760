import { AuthError } from '../errors/auth-error.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';

/**
 * Refuses (403 `MFA_REQUIRED`) a token whose session was not signed in with two factors: its `amr`
 * lacks `mfa`. For routes that must not be reached with a password alone; the client signs in
 * again with its second factor. `requireForAdmins` applies it to every administrators' route.
 *
 * @example
 * assertMultiFactor(req.user); // before deleting someone else's account
 */
export function assertMultiFactor(payload: Pick<AccessTokenPayload<string>, 'amr'>): void {
  if (!payload.amr?.includes('mfa')) throw new AuthError('MFA_REQUIRED');
}

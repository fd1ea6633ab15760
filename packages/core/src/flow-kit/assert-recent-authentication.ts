import { AuthError } from '../errors/auth-error.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';

/**
 * Refuses a token whose session was last fully authenticated more than `maxAgeSeconds` before
 * `now` (its `auth_time`), or that does not say when (a token of an earlier version), with
 * `REAUTHENTICATION_REQUIRED` (403): the client asks for the password again
 * (`POST /auth/reauthenticate`) and retries with the new access token. Routes that change the
 * e-mail, delete the account or change a factor call it (ASVS 5.0 7.5.1).
 *
 * @example
 * assertRecentAuthentication(req.user, new Date(), auth.config.reauthMaxAge);
 */
export function assertRecentAuthentication(payload: Pick<AccessTokenPayload<string>, 'authTime'>, now: Date, maxAgeSeconds: number): void {
  const authTime = payload.authTime;
  // Another instance's clock may run a little ahead (60 s, as for `iat`); further ahead is not ours.
  const age = authTime === undefined ? Number.POSITIVE_INFINITY : Math.floor(now.getTime() / 1000) - authTime;
  if (!(age >= -60 && age <= maxAgeSeconds)) throw new AuthError('REAUTHENTICATION_REQUIRED');
}

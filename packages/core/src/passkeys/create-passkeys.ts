import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { forRequest } from '../flow-kit/flow-context.js';
import type { LoginResult } from '../flows/login.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import type { PasskeyAssertionCheck } from '../mfa/login-challenge.js';
import type { MfaContext } from '../mfa/mfa-context.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import { amrOf, passkeyLoginOptions, verifyPasskeyAssertion } from './passkey-authentication.js';
import { passkeyLogin } from './passkey-login.js';
import { deletePasskey, listPasskeys, renamePasskey } from './passkey-management.js';
import { passkeyRegistrationOptions, registerPasskey } from './passkey-registration.js';
import type { PasskeyView } from './passkey-views.js';

/** Passkeys of `Auth` (`auth.passkeys`): the routes of CONTRACT §9 (docs/passkeys.md). */
export interface Passkeys {
  /** `POST /users/me/passkeys/options` (recent authentication): WebAuthn creation options. */
  registrationOptions(user: AccessTokenPayload<string>): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** `POST /users/me/passkeys { response, name? }`: verifies and stores the new passkey. */
  register(user: AccessTokenPayload<string>, body: unknown, request?: RequestContext): Promise<{ passkey: PasskeyView }>;
  /** `GET /users/me/passkeys`. */
  list(userId: string): Promise<{ passkeys: PasskeyView[] }>;
  /** `PUT /users/me/passkeys/:id { name }`. */
  rename(userId: string, id: string, body: unknown): Promise<{ passkey: PasskeyView }>;
  /** `DELETE /users/me/passkeys/:id` (recent authentication); 409 for the last way to sign in. */
  remove(user: AccessTokenPayload<string>, id: string, request?: RequestContext): Promise<void>;
  /** `POST /auth/passkey/options { email? }`: `{ challengeId, options }` for a sign-in or a second step. */
  loginOptions(body: unknown, request?: RequestContext): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }>;
  /** `POST /auth/passkey/login { challengeId, response }`: passwordless sign-in; the login shape. */
  login(body: unknown, request?: RequestContext): Promise<LoginResult<string>>;
}

export interface PasskeysInternal extends Passkeys {
  /** Verifies an assertion of `userId` (a second step, a re-authentication): its `amr` value. */
  checkForUser: PasskeyAssertionCheck;
}

/** Binds the passkey flows to the second-factor context. */
export function createPasskeys(m: MfaContext): PasskeysInternal {
  const inRequest = (request: RequestContext | undefined): MfaContext => ({ ...m, ctx: forRequest(m.ctx, request) });
  return {
    registrationOptions: (user) => passkeyRegistrationOptions(m, user),
    register: (user, body, request) => registerPasskey(inRequest(request), user, body, request),
    list: (userId) => listPasskeys(m, userId),
    rename: (userId, id, body) => renamePasskey(m, userId, id, body),
    remove: (user, id, request) => deletePasskey(inRequest(request), user, id, request),
    loginOptions: (body, request) => passkeyLoginOptions(inRequest(request), body, request),
    login: (body, request) => passkeyLogin(inRequest(request), body, request),
    checkForUser: async (userId, challengeId, response, now) =>
      amrOf((await verifyPasskeyAssertion(m, challengeId, response, now, userId)).passkey),
  };
}

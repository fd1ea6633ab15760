import { AuthError } from '../errors/auth-error.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { noticeFactorChange } from '../mfa/factor-notice.js';
import type { MfaContext } from '../mfa/mfa-context.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import { parseInput } from '../validation/input-schemas.js';
import { z } from 'zod';
import { passkeyName } from './passkey-registration.js';
import { toPasskeyView, type PasskeyView } from './passkey-views.js';

export async function listPasskeys(m: MfaContext, userId: string): Promise<{ passkeys: PasskeyView[] }> {
  return { passkeys: (await m.ctx.store.passkeys.listPasskeys(userId)).map(toPasskeyView) };
}

/** `PUT /users/me/passkeys/:id { name }`: renames one of the caller's passkeys; 404 for anyone else's. */
export async function renamePasskey(m: MfaContext, userId: string, id: string, body: unknown): Promise<{ passkey: PasskeyView }> {
  const { name } = parseInput(z.object({ name: passkeyName }), body);
  if (!(await m.ctx.store.passkeys.renamePasskey(userId, id, name))) throw new AuthError('PASSKEY_NOT_FOUND');
  const passkey = (await m.ctx.store.passkeys.listPasskeys(userId)).find((p) => p.id === id);
  if (!passkey) throw new AuthError('PASSKEY_NOT_FOUND');
  return { passkey: toPasskeyView(passkey) };
}

/**
 * `DELETE /users/me/passkeys/:id` (recent authentication). Refused with 409 `LAST_SIGN_IN_METHOD`
 * when it is the account's last way in (no password, no linked provider, no other passkey).
 * Recovery codes go too when no second factor is left.
 */
export async function deletePasskey(
  m: MfaContext,
  user: AccessTokenPayload<string>,
  id: string,
  request: RequestContext = {},
): Promise<void> {
  m.assertRecent(user);
  const now = m.ctx.clock.now();
  const passkeys = await m.ctx.store.passkeys.listPasskeys(user.id);
  if (!passkeys.some((p) => p.id === id)) throw new AuthError('PASSKEY_NOT_FOUND');
  if (passkeys.length === 1) {
    const [record, identities] = await Promise.all([
      m.ctx.store.users.findUserById(user.id),
      m.ctx.store.identities.listIdentitiesOfUser(user.id),
    ]);
    if (!record?.passwordHash && identities.length === 0) throw new AuthError('LAST_SIGN_IN_METHOD');
  }
  if (!(await m.ctx.store.passkeys.deletePasskey(user.id, id))) throw new AuthError('PASSKEY_NOT_FOUND');
  if (passkeys.length === 1 && !(await m.ctx.store.totpFactors.findTotpFactor(user.id))?.confirmedAt) {
    await m.ctx.store.recoveryCodes.deleteRecoveryCodes(user.id);
  }
  m.ctx.emit({ type: 'passkey.removed', at: now, userId: user.id, clientAddress: request.clientAddress, detail: { passkeyId: id } });
  noticeFactorChange(m, user.id, 'passkey-removed');
}

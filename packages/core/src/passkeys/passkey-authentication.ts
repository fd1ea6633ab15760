import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import { enforceClientLimit } from '../flow-kit/rate-limits.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import type { MfaContext } from '../mfa/mfa-context.js';
import { createOneTimeToken, hashOneTimeToken } from '../one-time/one-time-token.js';
import type { PasskeyRecord } from '../ports/passkey-store.js';
import { LIMITS, loginInput, parseInput } from '../validation/input-schemas.js';
import { CEREMONY_TTL_SECONDS, newChallenge, relyingParty } from './relying-party.js';

const optionsInput = z.object({ email: loginInput.shape.email.optional() });

/**
 * `POST /auth/passkey/options { email? }`: request options and the `challengeId` to send back with
 * the browser's answer. Without `email` (or for an address with no passkey) `allowCredentials` is
 * empty, which lets the browser offer any passkey of this site (discoverable credentials, autofill).
 */
export async function passkeyLoginOptions(m: MfaContext, body: unknown, request: RequestContext = {}) {
  const rp = relyingParty(m.config);
  const now = m.ctx.clock.now();
  // Public and it stores a challenge: limited per client like the other public auth routes.
  await enforceClientLimit(m.ctx, request, now);
  const input = parseInput(optionsInput, body ?? {});
  const user = input.email ? await m.ctx.store.users.findUserByEmail(input.email) : null;
  const passkeys = user ? await m.ctx.store.passkeys.listPasskeys(user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: newChallenge(m.ctx.random),
    timeout: CEREMONY_TTL_SECONDS * 1000,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
  });
  const { token: challengeId, tokenHash } = await createOneTimeToken(m.ctx.random);
  await m.ctx.store.challenges.saveChallenge({
    idHash: tokenHash,
    purpose: 'passkey-login',
    userId: null,
    data: JSON.stringify({ challenge: options.challenge }),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CEREMONY_TTL_SECONDS * 1000),
  });
  return { challengeId, options };
}

export const assertionInput = {
  challengeId: z.string('is required').min(1, 'is required').max(LIMITS.tokenMax, 'is too long'),
  response: z.record(z.string(), z.unknown(), 'is required'),
};

/** A verified assertion: whose passkey, and whether the authenticator verified the user (PIN, biometrics). */
export interface VerifiedAssertion {
  passkey: PasskeyRecord;
  userVerified: boolean;
}

/**
 * Verifies an assertion against the challenge `challengeId` names (used up here, whatever the
 * outcome) and the stored credential: origin, RP ID hash, signature, and a counter that moved
 * forward. A counter that did not (a cloned authenticator, or a replay) is refused and audited.
 * With `userId`, a credential of any other account is refused. Every refusal is `PASSKEY_REJECTED`.
 */
export async function verifyPasskeyAssertion(
  m: MfaContext,
  challengeId: string,
  response: unknown,
  now: Date,
  userId?: string,
): Promise<VerifiedAssertion> {
  const rp = relyingParty(m.config);
  const issued = await m.ctx.store.challenges.consumeChallenge(await hashOneTimeToken(challengeId), 'passkey-login', now);
  if (!issued) throw new AuthError('PASSKEY_REJECTED');
  const credentialId = (response as { id?: unknown }).id;
  const passkey = typeof credentialId === 'string' ? await m.ctx.store.passkeys.findPasskeyByCredentialId(credentialId) : null;
  if (!passkey || (userId !== undefined && passkey.userId !== userId)) throw new AuthError('PASSKEY_REJECTED');

  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: (JSON.parse(issued.data) as { challenge: string }).challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.rpId,
      // The counter is judged below, so that a regression is audited rather than only refused.
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: 0,
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
  } catch (cause) {
    throw new AuthError('PASSKEY_REJECTED', undefined, undefined, { cause });
  }
  if (!verification.verified) throw new AuthError('PASSKEY_REJECTED');
  const { newCounter, userVerified } = verification.authenticationInfo;
  // Authenticators that do not count send 0 every time (synced passkeys do); one that counts must go up.
  if ((newCounter !== 0 || passkey.counter !== 0) && newCounter <= passkey.counter) {
    m.ctx.emit({
      type: 'passkey.counter_regression',
      at: now,
      userId: passkey.userId,
      detail: { passkeyId: passkey.id, stored: passkey.counter, received: newCounter },
    });
    throw new AuthError('PASSKEY_REJECTED');
  }
  if (!(await m.ctx.store.passkeys.recordPasskeyUse(passkey.id, passkey.counter, newCounter, now))) throw new AuthError('PASSKEY_REJECTED');
  return { passkey: { ...passkey, counter: newCounter, lastUsedAt: now }, userVerified };
}

/** RFC 8176: a synced passkey's key lives in software that leaves the device (`swk`); a device-bound one in hardware (`hwk`). */
export const amrOf = (passkey: PasskeyRecord): 'hwk' | 'swk' => (passkey.deviceType === 'multiDevice' || passkey.backedUp ? 'swk' : 'hwk');

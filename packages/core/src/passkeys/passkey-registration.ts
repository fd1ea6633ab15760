import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { AuthError } from '../errors/auth-error.js';
import type { RequestContext } from '../flow-kit/request-context.js';
import { noticeFactorChange } from '../mfa/factor-notice.js';
import type { MfaContext } from '../mfa/mfa-context.js';
import { randomUuid } from '../random/random-values.js';
import type { AccessTokenPayload } from '../tokens/token-claims.js';
import { parseInput } from '../validation/input-schemas.js';
import { toPasskeyView, type PasskeyView } from './passkey-views.js';
import { CEREMONY_TTL_SECONDS, challengeKey, challengeOf, newChallenge, PASSKEY_ALGORITHMS, relyingParty } from './relying-party.js';

export const passkeyName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const registerInput = z.object({ response: z.record(z.string(), z.unknown(), 'is required'), name: passkeyName.optional() });

/**
 * `POST /users/me/passkeys/options` (recent authentication): creation options for a new passkey
 * (resident key and user verification preferred, the user's passkeys excluded, ES256/EdDSA/RS256,
 * attestation `none`). The challenge is kept server-side, single use, for 5 minutes.
 */
export async function passkeyRegistrationOptions(m: MfaContext, user: AccessTokenPayload<string>) {
  m.assertRecent(user);
  const rp = relyingParty(m.config);
  const now = m.ctx.clock.now();
  const record = await m.ctx.store.users.findUserById(user.id);
  if (!record) throw new AuthError('USER_NOT_FOUND');
  const existing = await m.ctx.store.passkeys.listPasskeys(user.id);
  const challenge = newChallenge(m.ctx.random);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: record.email ?? record.username,
    userDisplayName: `${record.firstName} ${record.lastName}`.trim() || record.username,
    userID: new TextEncoder().encode(record.id),
    challenge,
    timeout: CEREMONY_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
  });
  await m.ctx.store.challenges.saveChallenge({
    idHash: await challengeKey(options.challenge, 'passkey-registration'),
    purpose: 'passkey-registration',
    userId: user.id,
    data: '{}',
    createdAt: now,
    expiresAt: new Date(now.getTime() + CEREMONY_TTL_SECONDS * 1000),
  });
  return options;
}

/**
 * `POST /users/me/passkeys { response, name? }`: verifies the browser's answer to the options
 * (origin on the allowed list, RP ID hash, the challenge this user was given, unused and fresh)
 * and stores the credential. Anything wrong answers `PASSKEY_REGISTRATION_FAILED` (400).
 */
export async function registerPasskey(
  m: MfaContext,
  user: AccessTokenPayload<string>,
  body: unknown,
  request: RequestContext = {},
): Promise<{ passkey: PasskeyView }> {
  const rp = relyingParty(m.config);
  const now = m.ctx.clock.now();
  const input = parseInput(registerInput, body);
  const challenge = challengeOf(input.response);
  const issued =
    challenge &&
    (await m.ctx.store.challenges.consumeChallenge(await challengeKey(challenge, 'passkey-registration'), 'passkey-registration', now));
  if (!challenge || !issued || issued.userId !== user.id) throw new AuthError('PASSKEY_REGISTRATION_FAILED');

  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
    });
  } catch (cause) {
    throw new AuthError('PASSKEY_REGISTRATION_FAILED', undefined, undefined, { cause });
  }
  if (!verification.verified) throw new AuthError('PASSKEY_REGISTRATION_FAILED');
  const info = verification.registrationInfo;
  const existing = await m.ctx.store.passkeys.listPasskeys(user.id);
  const record = {
    id: randomUuid(m.ctx.random),
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: new Uint8Array(info.credential.publicKey),
    counter: info.credential.counter,
    transports: [...(info.credential.transports ?? [])],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: input.name ?? `Passkey ${existing.length + 1}`,
    createdAt: now,
    lastUsedAt: null,
  };
  await m.ctx.store.passkeys.savePasskey(record);
  m.ctx.emit({ type: 'passkey.added', at: now, userId: user.id, clientAddress: request.clientAddress, detail: { passkeyId: record.id } });
  noticeFactorChange(m, user.id, 'passkey-added');
  return { passkey: toPasskeyView(record) };
}

import { describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '../../ports/challenge-store.js';
import type { PasskeyRecord } from '../../ports/passkey-store.js';
import { at, aUser, expectAuthErrorCode, seedUsers, type StoreUnderTest } from './store-fixtures.js';

let sequence = 0;

function aPasskey(userId: string, overrides: Partial<PasskeyRecord> = {}): PasskeyRecord {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    userId,
    // Credential ids are opaque bytes of up to 1023 bytes; a long one must round-trip too.
    credentialId: `cred-${sequence}-${'A'.repeat(400)}`,
    publicKey: new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x26, 0x00, 0xff]),
    counter: 0,
    transports: ['internal', 'hybrid'],
    deviceType: 'multiDevice',
    backedUp: true,
    name: 'Ada’s “phone” 📱',
    createdAt: at(sequence),
    lastUsedAt: null,
    ...overrides,
  };
}

function aChallenge(overrides: Partial<ChallengeRecord> = {}): ChallengeRecord {
  const hex = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  return {
    idHash: hex,
    purpose: 'mfa-login',
    userId: null,
    data: JSON.stringify({ amr: ['pwd'], challenge: 'c' }),
    createdAt: at(0),
    expiresAt: at(300_000),
    ...overrides,
  };
}

/** Passkeys (unique credential ids, compare-and-set counters, owner-scoped changes) and challenges (single use, strict expiry). */
export function describePasskeyAndChallengeContract(subject: StoreUnderTest): void {
  describe('PasskeyStore', () => {
    it('gives a passkey back exactly as saved, by credential id and in its owner’s list', async () => {
      const [ada, bob] = await seedUsers(subject.store(), [aUser(), aUser()]);
      const passkeys = subject.store().passkeys;
      const first = aPasskey(ada!.id);
      const second = aPasskey(ada!.id, { transports: [], backedUp: false, deviceType: 'singleDevice', counter: 7 });
      await passkeys.savePasskey(first);
      await passkeys.savePasskey(second);
      await passkeys.savePasskey(aPasskey(bob!.id));

      expect(await passkeys.findPasskeyByCredentialId(first.credentialId)).toEqual(first);
      expect(await passkeys.listPasskeys(ada!.id)).toEqual([first, second]);
      expect(await passkeys.findPasskeyByCredentialId('unknown')).toBeNull();
      expect(await passkeys.findPasskeyByCredentialId(`${first.credentialId}\u0000`)).toBeNull();
    });

    it('refuses a credential id that is already registered, to anyone', async () => {
      const [ada, bob] = await seedUsers(subject.store(), [aUser(), aUser()]);
      const passkey = aPasskey(ada!.id);
      await subject.store().passkeys.savePasskey(passkey);
      await expectAuthErrorCode(
        subject.store().passkeys.savePasskey(aPasskey(bob!.id, { credentialId: passkey.credentialId })),
        'PASSKEY_IN_USE',
      );
      expect(await subject.store().passkeys.listPasskeys(bob!.id)).toEqual([]);
    });

    it('moves the counter only from the value it was read at, once', async () => {
      const [user] = await seedUsers(subject.store(), [aUser()]);
      const passkeys = subject.store().passkeys;
      const passkey = aPasskey(user!.id, { counter: 5 });
      await passkeys.savePasskey(passkey);

      const outcomes = await Promise.all(Array.from({ length: 4 }, () => passkeys.recordPasskeyUse(passkey.id, 5, 6, at(10))));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await passkeys.recordPasskeyUse(passkey.id, 5, 7, at(11))).toBe(false);
      expect(await passkeys.findPasskeyByCredentialId(passkey.credentialId)).toMatchObject({ counter: 6, lastUsedAt: at(10) });
    });

    it('renames and deletes only the owner’s passkey', async () => {
      const [ada, bob] = await seedUsers(subject.store(), [aUser(), aUser()]);
      const passkeys = subject.store().passkeys;
      const passkey = aPasskey(ada!.id);
      await passkeys.savePasskey(passkey);

      expect(await passkeys.renamePasskey(bob!.id, passkey.id, 'mine now')).toBe(false);
      expect(await passkeys.renamePasskey(ada!.id, passkey.id, 'Laptop')).toBe(true);
      expect(await passkeys.renamePasskey(ada!.id, passkey.id, 'Laptop')).toBe(true);
      expect(await passkeys.deletePasskey(bob!.id, passkey.id)).toBe(false);
      expect((await passkeys.listPasskeys(ada!.id)).map((p) => p.name)).toEqual(['Laptop']);
      expect(await passkeys.deletePasskey(ada!.id, passkey.id)).toBe(true);
      expect(await passkeys.findPasskeyByCredentialId(passkey.credentialId)).toBeNull();
    });

    it('deletes every passkey of one user and says how many', async () => {
      const [ada, bob] = await seedUsers(subject.store(), [aUser(), aUser()]);
      const passkeys = subject.store().passkeys;
      await passkeys.savePasskey(aPasskey(ada!.id));
      await passkeys.savePasskey(aPasskey(ada!.id));
      await passkeys.savePasskey(aPasskey(bob!.id));
      expect(await passkeys.deletePasskeys(ada!.id)).toBe(2);
      expect(await passkeys.listPasskeys(ada!.id)).toEqual([]);
      expect(await passkeys.listPasskeys(bob!.id)).toHaveLength(1);
    });
  });

  describe('ChallengeStore', () => {
    it('finds a challenge until it is used, and gives it to one consumer only', async () => {
      const challenge = aChallenge({ userId: 'user-1', purpose: 'passkey-login' });
      const challenges = subject.store().challenges;
      await challenges.saveChallenge(challenge);

      expect(await challenges.findChallenge(challenge.idHash, 'passkey-login', at(1))).toEqual(challenge);
      expect(await challenges.findChallenge(challenge.idHash, 'mfa-login', at(1))).toBeNull();
      const taken = await Promise.all(
        Array.from({ length: 5 }, () => challenges.consumeChallenge(challenge.idHash, 'passkey-login', at(2))),
      );
      expect(taken.filter((t) => t !== null)).toEqual([challenge]);
      expect(await challenges.findChallenge(challenge.idHash, 'passkey-login', at(3))).toBeNull();
    });

    it('refuses a challenge at or after its expiry, and an unknown one', async () => {
      const challenge = aChallenge();
      const challenges = subject.store().challenges;
      await challenges.saveChallenge(challenge);
      expect(await challenges.consumeChallenge(challenge.idHash, 'mfa-login', at(300_000))).toBeNull();
      expect(await challenges.findChallenge(challenge.idHash, 'mfa-login', at(300_000))).toBeNull();
      expect(await challenges.consumeChallenge('0'.repeat(64), 'mfa-login', at(1))).toBeNull();
      expect(await challenges.consumeChallenge(`${challenge.idHash}\u0000`, 'mfa-login', at(1))).toBeNull();
    });

    it('keeps live challenges while ended ones are cleared', async () => {
      const challenges = subject.store().challenges;
      const old = aChallenge({ expiresAt: at(1000) });
      const live = aChallenge();
      await challenges.saveChallenge(old);
      await challenges.saveChallenge(live);
      await challenges.saveChallenge(aChallenge({ createdAt: at(2000), expiresAt: at(302_000) }));
      expect(await challenges.consumeChallenge(live.idHash, 'mfa-login', at(3000))).toEqual(live);
    });
  });
}

import { AuthError } from '@gatehousejs/core';
import type {
  ChallengeRecord,
  ChallengeStore,
  PasskeyRecord,
  PasskeyStore,
  RecoveryCodeStore,
  TotpFactorRecord,
  TotpFactorStore,
} from '@gatehousejs/core/ports';

/** The second-factor records of the memory store. Every method is one synchronous step, so atomic. */
export interface MemorySecondFactorState {
  totp: Map<string, TotpFactorRecord>;
  /** userId → (code hash → used at, null while unused). */
  recoveryCodes: Map<string, Map<string, Date | null>>;
  passkeys: Map<string, PasskeyRecord>;
  passkeyIdByCredentialId: Map<string, string>;
  challenges: Map<string, ChallengeRecord & { usedAt: Date | null }>;
}

export function createMemorySecondFactorState(): MemorySecondFactorState {
  return { totp: new Map(), recoveryCodes: new Map(), passkeys: new Map(), passkeyIdByCredentialId: new Map(), challenges: new Map() };
}

const copyDate = (date: Date | null): Date | null => (date ? new Date(date.getTime()) : null);

const copyTotp = (r: TotpFactorRecord): TotpFactorRecord => ({
  ...r,
  createdAt: new Date(r.createdAt.getTime()),
  confirmedAt: copyDate(r.confirmedAt),
});

const copyPasskey = (r: PasskeyRecord): PasskeyRecord => ({
  ...r,
  publicKey: new Uint8Array(r.publicKey),
  transports: [...r.transports],
  createdAt: new Date(r.createdAt.getTime()),
  lastUsedAt: copyDate(r.lastUsedAt),
});

const copyChallenge = (r: ChallengeRecord): ChallengeRecord => ({
  idHash: r.idHash,
  purpose: r.purpose,
  userId: r.userId,
  data: r.data,
  createdAt: new Date(r.createdAt.getTime()),
  expiresAt: new Date(r.expiresAt.getTime()),
});

export function createMemoryTotpFactorStore(state: MemorySecondFactorState): TotpFactorStore {
  return {
    async savePendingTotpFactor({ userId, secretCiphertext, createdAt }) {
      if (state.totp.get(userId)?.confirmedAt) return false;
      state.totp.set(userId, { userId, secretCiphertext, createdAt: new Date(createdAt.getTime()), confirmedAt: null, lastUsedStep: null });
      return true;
    },
    async findTotpFactor(userId) {
      const stored = state.totp.get(userId);
      return stored ? copyTotp(stored) : null;
    },
    async useTotpStep(userId, step, now, confirm = false) {
      const stored = state.totp.get(userId);
      if (!stored || (stored.confirmedAt === null && !confirm)) return false;
      if (stored.lastUsedStep !== null && step <= stored.lastUsedStep) return false;
      stored.lastUsedStep = step;
      if (stored.confirmedAt === null) stored.confirmedAt = new Date(now.getTime());
      return true;
    },
    async deleteTotpFactor(userId) {
      return state.totp.delete(userId);
    },
    async hasConfirmedTotpFactors() {
      for (const factor of state.totp.values()) if (factor.confirmedAt) return true;
      return false;
    },
  };
}

export function createMemoryRecoveryCodeStore(state: MemorySecondFactorState): RecoveryCodeStore {
  return {
    async replaceRecoveryCodes(userId, codeHashes) {
      state.recoveryCodes.set(userId, new Map(codeHashes.map((hash) => [hash, null])));
    },
    async consumeRecoveryCode(userId, codeHash, now) {
      const codes = state.recoveryCodes.get(userId);
      if (!codes || codes.get(codeHash) !== null) return false;
      codes.set(codeHash, new Date(now.getTime()));
      return true;
    },
    async countRecoveryCodes(userId) {
      let left = 0;
      for (const usedAt of state.recoveryCodes.get(userId)?.values() ?? []) if (usedAt === null) left += 1;
      return left;
    },
    async deleteRecoveryCodes(userId) {
      state.recoveryCodes.delete(userId);
    },
  };
}

export function createMemoryPasskeyStore(state: MemorySecondFactorState): PasskeyStore {
  const owned = (userId: string, id: string) => {
    const stored = state.passkeys.get(id);
    return stored && stored.userId === userId ? stored : undefined;
  };
  const remove = (passkey: PasskeyRecord) => {
    state.passkeys.delete(passkey.id);
    state.passkeyIdByCredentialId.delete(passkey.credentialId);
  };
  return {
    async savePasskey(record) {
      if (state.passkeyIdByCredentialId.has(record.credentialId) || state.passkeys.has(record.id)) throw new AuthError('PASSKEY_IN_USE');
      state.passkeys.set(record.id, copyPasskey(record));
      state.passkeyIdByCredentialId.set(record.credentialId, record.id);
    },
    async listPasskeys(userId) {
      return [...state.passkeys.values()]
        .filter((p) => p.userId === userId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .map(copyPasskey);
    },
    async findPasskeyByCredentialId(credentialId) {
      const id = state.passkeyIdByCredentialId.get(credentialId);
      const stored = id === undefined ? undefined : state.passkeys.get(id);
      return stored ? copyPasskey(stored) : null;
    },
    async recordPasskeyUse(id, previousCounter, counter, now) {
      const stored = state.passkeys.get(id);
      if (!stored || stored.counter !== previousCounter) return false;
      stored.counter = counter;
      stored.lastUsedAt = new Date(now.getTime());
      return true;
    },
    async renamePasskey(userId, id, name) {
      const stored = owned(userId, id);
      if (!stored) return false;
      stored.name = name;
      return true;
    },
    async deletePasskey(userId, id) {
      const stored = owned(userId, id);
      if (!stored) return false;
      remove(stored);
      return true;
    },
    async deletePasskeys(userId) {
      const mine = [...state.passkeys.values()].filter((p) => p.userId === userId);
      for (const passkey of mine) remove(passkey);
      return mine.length;
    },
  };
}

export function createMemoryChallengeStore(state: MemorySecondFactorState): ChallengeStore {
  const usable = (idHash: string, purpose: string, now: Date) => {
    const stored = state.challenges.get(idHash);
    if (!stored || stored.purpose !== purpose || stored.usedAt !== null || now.getTime() >= stored.expiresAt.getTime()) return undefined;
    return stored;
  };
  return {
    async saveChallenge(record) {
      // Ended challenges are dropped as new ones start, so abandoned ceremonies do not pile up.
      const now = record.createdAt.getTime();
      for (const [key, stored] of state.challenges) {
        if (stored.usedAt !== null || stored.expiresAt.getTime() <= now) state.challenges.delete(key);
      }
      state.challenges.set(record.idHash, { ...copyChallenge(record), usedAt: null });
    },
    async findChallenge(idHash, purpose, now) {
      const stored = usable(idHash, purpose, now);
      return stored ? copyChallenge(stored) : null;
    },
    async consumeChallenge(idHash, purpose, now) {
      const stored = usable(idHash, purpose, now);
      if (!stored) return null;
      stored.usedAt = new Date(now.getTime());
      return copyChallenge(stored);
    },
  };
}

/** Removes every second-factor record of `userId` (an account being deleted), in one synchronous step. */
export function deleteSecondFactorsNow(factors: MemorySecondFactorState, userId: string): void {
  factors.totp.delete(userId);
  factors.recoveryCodes.delete(userId);
  for (const [id, passkey] of factors.passkeys) {
    if (passkey.userId !== userId) continue;
    factors.passkeys.delete(id);
    factors.passkeyIdByCredentialId.delete(passkey.credentialId);
  }
  for (const [id, challenge] of factors.challenges) if (challenge.userId === userId) factors.challenges.delete(id);
}

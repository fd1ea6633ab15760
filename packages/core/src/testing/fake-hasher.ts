import type { PasswordHasher } from '../ports/password-hasher.js';

/**
 * A fast, reversible stand-in for Argon2id so flow tests run in microseconds. Counts verifies so a
 * test can prove that an unknown e-mail still spends one. Never use outside tests.
 */
export interface FakeHasher extends PasswordHasher {
  readonly verifyCalls: number;
}

export function createFakeHasher(version = 1): FakeHasher {
  let verifyCalls = 0;
  return {
    get verifyCalls() {
      return verifyCalls;
    },
    async hash(password) {
      return `$fake$v=${version}$${Buffer.from(password, 'utf8').toString('base64')}`;
    },
    async verify(phcHash, password) {
      verifyCalls++;
      const encoded = phcHash.split('$')[3];
      return encoded !== undefined && Buffer.from(encoded, 'base64').toString('utf8') === password;
    },
    needsRehash(phcHash) {
      return !phcHash.startsWith(`$fake$v=${version}$`);
    },
  };
}

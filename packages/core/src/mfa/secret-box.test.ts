import { describe, expect, it } from 'vitest';
import { expectAuthError } from '../errors/auth-error.test-helpers.js';
import { cryptoRandom } from '../ports/random.js';
import { createSecretBox } from './secret-box.js';

const key = (fill: number) => new Uint8Array(32).fill(fill);

describe('the secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and names the key in the sealed text, never the secret', async () => {
    const box = createSecretBox([key(1)], cryptoRandom);
    const sealed = await box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(await box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
  });

  it('after a rotation seals with the new key and still opens what the old key sealed', async () => {
    const old = await createSecretBox([key(1)], cryptoRandom).seal('secret', 'user-1');
    const rotated = createSecretBox([key(2), key(1)], cryptoRandom);
    expect(await rotated.open(old, 'user-1')).toBe('secret');
    const fresh = await rotated.seal('secret', 'user-1');
    expect(fresh.split('.')[1]).not.toBe(old.split('.')[1]);
    await expectAuthError(createSecretBox([key(1)], cryptoRandom).open(fresh, 'user-1'), 'INTERNAL_ERROR');
  });

  it("refuses a sealed secret moved to another user's row, or altered", async () => {
    const box = createSecretBox([key(1)], cryptoRandom);
    const sealed = await box.seal('secret', 'user-1');
    await expectAuthError(box.open(sealed, 'user-2'), 'INTERNAL_ERROR');
    // Change a whole byte's worth of the ciphertext (its first character), not the spare bits of its last.
    const [version, keyId, iv, data] = sealed.split('.') as [string, string, string, string];
    const flipped = [version, keyId, iv, (data.startsWith('A') ? 'B' : 'A') + data.slice(1)].join('.');
    await expectAuthError(box.open(flipped, 'user-1'), 'INTERNAL_ERROR');
  });

  it('without a key refuses to seal with INVALID_CONFIG naming the setting', async () => {
    const error = await expectAuthError(createSecretBox([], cryptoRandom).seal('secret', 'user-1'), 'INVALID_CONFIG');
    expect(error.message).toContain('MFA_ENCRYPTION_KEY');
  });
});

import { describe, expect, it } from 'vitest';
import { createFakeHasher } from '../testing/fake-hasher.js';
import { createFlowHarness, expectAuthError, PASSWORD } from './flow-harness.test-helpers.js';

// The same passphrase typed on a full-width (CJK) keyboard: NFKC makes it `correct horse battery`.
const FULL_WIDTH = 'ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｂａｔｔｅｒｙ';

describe('login compares passwords in their NFKC form (NIST SP 800-63B-4 §3.1.1.2)', () => {
  it('matches a password typed on another keyboard, both ways', async () => {
    const h = createFlowHarness();
    const plain = await h.register();
    await expect(h.auth.login({ email: plain.user.email, password: FULL_WIDTH })).resolves.toMatchObject({ user: { id: plain.user.id } });
    const wide = await h.register({ password: FULL_WIDTH, confirmPassword: PASSWORD });
    await expect(h.auth.login({ email: wide.user.email, password: PASSWORD })).resolves.toMatchObject({ user: { id: wide.user.id } });
  });

  it('hashes the NFKC form at registration', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ password: FULL_WIDTH, confirmPassword: FULL_WIDTH });
    const stored = await h.store.users.findUserById(user.id);
    expect(stored!.passwordHash).toBe(await createFakeHasher().hash(PASSWORD));
  });

  it('still matches a hash made from the raw form before passwords were normalised, and rehashes it with the NFKC form', async () => {
    const h = createFlowHarness();
    const { user } = await h.register();
    // As an earlier release stored it: the full-width text as typed.
    await h.store.users.updatePasswordHash(user.id, await h.hasher.hash(FULL_WIDTH), h.clock.now());
    await expect(h.auth.login({ email: user.email, password: FULL_WIDTH })).resolves.toMatchObject({ user: { id: user.id } });
    expect((await h.store.users.findUserById(user.id))!.passwordHash).toBe(await h.hasher.hash(PASSWORD));
    await expect(h.auth.login({ email: user.email, password: PASSWORD })).resolves.toMatchObject({ user: { id: user.id } });
  });

  it('spends the same verifies on an unknown address as on a known one, whatever the typed form', async () => {
    const h = createFlowHarness();
    const { user } = await h.register();
    const verifies = async (email: string, password: string) => {
      const before = h.hasher.verifyCalls;
      await expectAuthError(h.auth.login({ email, password }), 'INVALID_CREDENTIALS');
      return h.hasher.verifyCalls - before;
    };
    // A typed text that NFKC changes gets a second try (the raw form), on the dummy hash too.
    expect(await verifies(user.email!, 'ｗｒｏｎｇ ｇｕｅｓｓ')).toBe(2);
    expect(await verifies('nobody@example.com', 'ｗｒｏｎｇ ｇｕｅｓｓ')).toBe(2);
    expect(await verifies(user.email!, 'wrong guess')).toBe(1);
    expect(await verifies('nobody@example.com', 'wrong guess')).toBe(1);
  });

  it('refuses a password over 128 code points before any hashing, and accepts 128 emoji (256 UTF-16 units)', async () => {
    const h = createFlowHarness();
    // Every other code point from U+1F400: no repeats, no sequence, so only the length is under test.
    const emoji = Array.from({ length: 128 }, (_, i) => String.fromCodePoint(0x1f400 + 2 * i)).join('');
    const { user } = await h.register({ password: emoji, confirmPassword: emoji });
    await expect(h.auth.login({ email: user.email, password: emoji })).resolves.toMatchObject({ user: { id: user.id } });
    const before = h.hasher.verifyCalls;
    const error = await expectAuthError(h.auth.login({ email: user.email, password: `${emoji}!` }), 'VALIDATION_FAILED');
    expect(error.details).toEqual([{ path: 'password', message: 'password must be at most 128 characters' }]);
    expect(h.hasher.verifyCalls).toBe(before);
  });
});

describe('the bootstrap super user and passwords hashed before normalisation', () => {
  it('finds its password in a hash of the raw form: no take-over, no session ended, the hash renewed', async () => {
    const h = createFlowHarness();
    const email = 'boss@example.com';
    const bootstrap = 'ｏｐｅｒａｔｏｒ chosen passphrase 42';
    const created = await h.auth.ensureSuperUser({ email, password: bootstrap });
    // As an earlier release stored it: the text as typed, not its NFKC form.
    await h.store.users.updatePasswordHash(created.id, await h.hasher.hash(bootstrap), h.clock.now());
    const { refreshToken } = await h.auth.login({ email, password: bootstrap });
    // A restart with the same settings: a take-over would revoke the session above.
    await createFlowHarness({ store: h.store, clock: h.clock }).auth.ensureSuperUser({ email, password: bootstrap });
    await expect(h.auth.refresh({ refreshToken })).resolves.toMatchObject({ refreshToken: expect.any(String) });
    expect((await h.store.users.findUserById(created.id))!.passwordHash).toBe(await h.hasher.hash(bootstrap.normalize('NFKC')));
  });
});

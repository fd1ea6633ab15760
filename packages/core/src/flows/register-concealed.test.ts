import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import type { AuthStore } from '../ports/auth-store.js';
import { createFlowHarness, expectAuthError, registerBody } from './flow-harness.test-helpers.js';

const CONCEAL = { concealRegisteredEmails: true };

/** A memory store whose inserts wait until `release` is called: shows what an answer waits for. */
function storeWithHeldInserts(): { store: AuthStore; release: () => void } {
  const store = createMemoryStore();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const createUser = store.users.createUser.bind(store.users);
  store.users.createUser = async (user) => {
    await held;
    return createUser(user);
  };
  return { store, release };
}

describe('registerConcealed', () => {
  it('answers a taken username with USERNAME_TAKEN whether the e-mail is registered or free', async () => {
    const h = createFlowHarness({ config: CONCEAL });
    const candidate = registerBody();
    const prober = registerBody();
    await h.auth.register(candidate);
    await h.auth.register(prober);
    await expectAuthError(h.auth.registerConcealed(registerBody({ email: candidate.email, username: prober.username })), 'USERNAME_TAKEN');
    await expectAuthError(h.auth.registerConcealed(registerBody({ username: prober.username })), 'USERNAME_TAKEN');
  });

  it('answers a new and a taken address before the insert completes, so a commit is never in the answer time', async () => {
    const { store, release } = storeWithHeldInserts();
    const h = createFlowHarness({ config: CONCEAL, store });
    const owner = registerBody();
    const first = h.auth.registerConcealed(owner);
    await expect(first).resolves.toEqual({ message: expect.any(String) });
    await expect(h.auth.registerConcealed(registerBody({ email: owner.email }))).resolves.toEqual(await first);
    release();
    await h.auth.whenIdle();
    expect(h.mailer.mails.map((m) => `${m.kind} ${m.to}`).sort()).toEqual([
      `account-exists ${owner.email}`,
      `email-verification ${owner.email}`,
    ]);
  });
});

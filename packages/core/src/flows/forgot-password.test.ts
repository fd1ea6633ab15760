import { describe, expect, it, vi } from 'vitest';
import { createFlowHarness, expectAuthError } from './flow-harness.test-helpers.js';

describe('forgot password', () => {
  it('answers known and unknown addresses with the same body', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'known@example.com' });
    const known = await h.auth.forgotPassword({ email: 'known@example.com' });
    const unknown = await h.auth.forgotPassword({ email: 'unknown@example.com' });
    expect(unknown).toEqual(known);
    expect(Object.keys(known)).toEqual(['message']);
  });

  it('mails only a registered address', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'known@example.com' });
    const lookup = vi.spyOn(h.store.users, 'findUserByEmail');

    await h.auth.forgotPassword({ email: 'unknown@example.com' });
    // The lookup for the unknown address has come back empty, so that task can send nothing more.
    await vi.waitFor(() => expect(lookup.mock.settledResults).toEqual([{ type: 'fulfilled', value: null }]));

    await h.auth.forgotPassword({ email: ' Known@Example.com' });
    await h.waitForMail('password-reset', 'known@example.com');
    expect(h.mailer.mails.filter((m) => m.kind === 'password-reset').map((m) => m.to)).toEqual(['known@example.com']);
  });

  it('mails a reset token valid for one hour, greeting by name once the address is confirmed', async () => {
    const h = createFlowHarness();
    const { user } = await h.register({ email: 'hour@example.com', firstName: 'Hope' });
    await h.store.users.markEmailVerified(user.id, h.clock.now());
    const requestedAt = h.clock.now();
    await h.auth.forgotPassword({ email: 'hour@example.com' });
    expect(await h.waitForMail('password-reset', 'hour@example.com')).toEqual({
      kind: 'password-reset',
      to: 'hour@example.com',
      firstName: 'Hope',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(requestedAt.getTime() + 3600 * 1000),
    });
  });

  it('puts no name the registrant chose into a reset mail to an address not confirmed yet', async () => {
    const h = createFlowHarness();
    await h.register({ email: 'unconfirmed@example.com', firstName: 'Bob. URGENT: sign in at https://evil.example' });
    await h.auth.forgotPassword({ email: 'unconfirmed@example.com' });
    expect(await h.waitForMail('password-reset', 'unconfirmed@example.com')).not.toHaveProperty('firstName');
  });

  it('refuses an invalid address with VALIDATION_FAILED', async () => {
    const h = createFlowHarness();
    await expectAuthError(h.auth.forgotPassword({ email: 'not an address' }), 'VALIDATION_FAILED');
  });
});

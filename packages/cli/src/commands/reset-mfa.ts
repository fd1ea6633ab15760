import { maskEmail, resetSecondFactors } from '@gatehousejs/core';
import { withStore } from '../open-database.js';
import type { Command } from './command.js';
import { findUserOrFail } from './find-user.js';

export const resetMfa: Command = {
  name: 'reset-mfa',
  summary: "Remove a user's second factors (authenticator app, passkeys, recovery codes).",
  usage: [
    'gatehouse reset-mfa <e-mail>',
    'For a user who lost their authenticator and recovery codes: afterwards the password alone signs',
    'in, and the user sets up new factors. Check who is asking first; the line printed is the record.',
  ],
  options: {},
  positionals: { min: 1, max: 1 },
  async run(io, { positionals }) {
    await withStore(io, async (store) => {
      const user = await findUserOrFail(store, positionals[0]!);
      const { totp, passkeys } = await resetSecondFactors(store, user.id);
      // One line for the operator's own records: when, whom, what was removed (the address masked).
      io.out(
        `${new Date().toISOString()} reset-mfa user=${user.id} (${maskEmail(user.email ?? '')}): ` +
          `authenticator app ${totp ? 'removed' : 'none'}, ${passkeys} passkey(s) deleted, recovery codes deleted.`,
      );
    });
  },
};

import { withStore } from '../open-database.js';
import type { Command } from './command.js';
import { findUserOrFail } from './find-user.js';

export const revokeSessions: Command = {
  name: 'revoke-sessions',
  summary: 'End every session of a user.',
  usage: [
    'gatehouse revoke-sessions <e-mail>',
    'Revokes every refresh token of the user; live access tokens end at once when the server checks',
    'token versions (CHECK_TOKEN_VERSION), otherwise when they expire.',
  ],
  options: {},
  positionals: { min: 1, max: 1 },
  async run(io, { positionals }) {
    await withStore(io, async (store) => {
      const user = await findUserOrFail(store, positionals[0]!);
      const now = new Date();
      await store.refreshTokens.revokeAllRefreshTokens(user.id, now);
      await store.users.bumpTokenVersion(user.id, now);
      io.out(`Revoked every session of ${user.email}.`);
    });
  },
};

import type { SqlStore } from '@gatehousejs/store-sql';
import { CliFailure, EXIT } from '../cli-io.js';
import { withStore } from '../open-database.js';
import type { Command } from './command.js';
import { describeUser, findUserOrFail } from './find-user.js';

/**
 * How long the revocation record a command leaves is read by running servers: longer than any
 * access token lives (its TTL is at most a day here), so each server refuses the user's tokens
 * within a second of the command, without a restart.
 */
const REVOCATION_RECORD_MS = 25 * 3600 * 1000;

/** Tells running servers (through the store's revocation record) to refuse the user's access tokens now. */
async function revokeUserAccess(store: SqlStore, userId: string): Promise<void> {
  const at = Date.now();
  await store.revocations.recordRevocations([{ kind: 'user', id: userId, at }], new Date(at + REVOCATION_RECORD_MS));
}

export const disableUser: Command = {
  name: 'disable-user',
  summary: 'Disable an account: it cannot sign in, refresh or use its tokens until enabled.',
  usage: [
    'gatehouse disable-user <e-mail>',
    'Every session ends; running servers refuse its access tokens within a second (they read the store).',
  ],
  options: {},
  positionals: { min: 1, max: 1 },
  async run(io, { positionals }) {
    await withStore(io, async (store) => {
      const user = await findUserOrFail(store, positionals[0]!);
      const updated = await store.accounts.setUserDisabled(user.id, true, new Date());
      await revokeUserAccess(store, user.id);
      io.out(`Disabled ${describeUser(updated ?? user)}`);
    });
  },
};

export const enableUser: Command = {
  name: 'enable-user',
  summary: 'Enable a disabled account again.',
  usage: ['gatehouse enable-user <e-mail>', 'The account signs in again; its old sessions stay ended.'],
  options: {},
  positionals: { min: 1, max: 1 },
  async run(io, { positionals }) {
    await withStore(io, async (store) => {
      const user = await findUserOrFail(store, positionals[0]!);
      const updated = await store.accounts.setUserDisabled(user.id, false, new Date());
      io.out(`Enabled ${describeUser(updated ?? user)}`);
    });
  },
};

export const deleteUser: Command = {
  name: 'delete-user',
  summary: 'Delete an account and everything it owns (identities, sessions, one-time tokens).',
  usage: ['gatehouse delete-user <e-mail> --yes', 'Cannot be undone: --yes confirms it. Its address and username can register again.'],
  options: { yes: { type: 'boolean' } },
  positionals: { min: 1, max: 1 },
  async run(io, { positionals, values }) {
    if (values.yes !== true) throw new CliFailure('Deleting an account cannot be undone: add --yes to confirm.', EXIT.usage);
    await withStore(io, async (store) => {
      const user = await findUserOrFail(store, positionals[0]!);
      if (user.roles.includes('super') && (await store.users.listUsersByRole('super')).length === 1) {
        throw new CliFailure('Refused: this is the last super user; give another user super first.', EXIT.failed);
      }
      await store.accounts.deleteUser(user.id);
      await revokeUserAccess(store, user.id);
      io.out(`Deleted ${user.email ?? user.id}.`);
    });
  },
};

import { isAuthError } from '@gatehousejs/core';
import { CliFailure, EXIT } from '../cli-io.js';
import { withStore } from '../open-database.js';
import type { Command } from './command.js';
import { parseRoles } from '../configured-roles.js';
import { describeUser, findUserOrFail } from './find-user.js';

export const setRoles: Command = {
  name: 'set-roles',
  summary: "Replace a user's roles (no roles: remove them all).",
  usage: [
    'gatehouse set-roles <e-mail> [<role>…] [--allow-unconfirmed]',
    'Granting super or admin to an account whose address is not confirmed is refused: anyone can register',
    "someone else's address and wait to be promoted. --allow-unconfirmed grants it anyway.",
    'Roles: super, admin, manager, user, or the set GATEHOUSE_ROLES lists. The last super keeps its role. Live access tokens end when the',
    'server checks token versions (CHECK_TOKEN_VERSION); otherwise the change shows at the next refresh.',
  ],
  options: { 'allow-unconfirmed': { type: 'boolean' } },
  positionals: { min: 1 },
  async run(io, { positionals, values }) {
    const [email, ...names] = positionals;
    const roles = parseRoles(names, io.env);
    await withStore(io, async (store) => {
      const user = await findUserOrFail(store, email!);
      const privileged = roles.filter((role) => role === 'super' || role === 'admin');
      if (privileged.length > 0 && !user.isActive && values['allow-unconfirmed'] !== true) {
        throw new CliFailure(
          `Refused: ${user.email} has not confirmed its address, so it may not belong to who you think (anyone can register an address they do not own). Have them confirm it, or add --allow-unconfirmed to grant ${privileged.join(' and ')} anyway.`,
          EXIT.failed,
        );
      }
      // The store counts the supers and changes the roles in one step, as the HTTP route does.
      const updated = await store.users
        .setUserRoles(user.id, roles, new Date(), { keepLastSuper: true, bumpTokenVersion: true })
        .catch((error: unknown) => {
          if (isAuthError(error) && error.code === 'LAST_SUPER') {
            throw new CliFailure('Refused: this is the last super user; give another user super first.', EXIT.failed);
          }
          throw error;
        });
      io.out(`Updated ${describeUser(updated ?? user)}`);
    });
  },
};

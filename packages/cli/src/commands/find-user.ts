import { normalizeEmail } from '@gatehousejs/core';
import type { UserRecord } from '@gatehousejs/core/ports';
import type { SqlStore } from '@gatehousejs/store-sql';
import { CliFailure, EXIT } from '../cli-io.js';

export async function findUserOrFail(store: SqlStore, email: string): Promise<UserRecord> {
  const user = await store.users.findUserByEmail(normalizeEmail(email));
  // The address is the operator's own input; saying it back helps with a typo.
  if (!user) throw new CliFailure(`No user has the e-mail ${normalizeEmail(email)}.`, EXIT.noSuchUser);
  return user;
}

export const describeUser = (u: UserRecord) =>
  `${u.id}  ${u.email}  ${u.username}  roles=${u.roles.join(',') || '-'}  ${u.isActive ? 'active' : 'unconfirmed'}`;

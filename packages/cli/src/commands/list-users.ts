import { CliFailure, EXIT } from '../cli-io.js';
import { withStore } from '../open-database.js';
import type { Command } from './command.js';
import { parseRoles } from '../configured-roles.js';
import { describeUser } from './find-user.js';

function count(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new CliFailure(`--${name} must be a whole number of at least 0.`, EXIT.usage);
  return n;
}

export const listUsers: Command = {
  name: 'list-users',
  summary: 'List users, oldest first, optionally only those with a role.',
  usage: [
    'gatehouse list-users [--role <role>] [--limit <n>] [--offset <n>] [--json]',
    'One user a line: id, e-mail, username, roles, state.',
  ],
  options: { role: { type: 'string' }, limit: { type: 'string' }, offset: { type: 'string' }, json: { type: 'boolean' } },
  async run(io, { values }) {
    const limit = Math.max(1, count(values.limit, 'limit', 100));
    const offset = count(values.offset, 'offset', 0);
    const [role] = values.role === undefined ? [] : parseRoles([values.role], io.env);
    await withStore(io, async (store) => {
      const users = role
        ? (await store.users.listUsersByRole(role)).slice(offset, offset + limit)
        : await store.users.listUsers({ limit, offset });
      for (const u of users) {
        io.out(
          values.json
            ? JSON.stringify({
                id: u.id,
                email: u.email,
                username: u.username,
                roles: u.roles,
                isActive: u.isActive,
                createdAt: u.createdAt.toISOString(),
              })
            : describeUser(u),
        );
      }
    });
  },
};

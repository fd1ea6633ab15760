import { randomBytes } from 'node:crypto';
import { createAuth, isAuthError } from '@gatehousejs/core';
import { configuredRoles, parseRoles } from '../configured-roles.js';
import { CliFailure, EXIT, type CliIo } from '../cli-io.js';
import { withStore } from '../open-database.js';
import type { Command } from './command.js';
import { describeUser } from './find-user.js';

/** The username a bare e-mail suggests: its local part, cut to the username rules. */
function usernameFrom(email: string): string {
  const local = email
    .split('@')[0]!
    .replace(/[^A-Za-z0-9_.-]/g, '_')
    .slice(0, 32);
  return local.length >= 3 ? local : `${local}_user`;
}

const argonFromEnv = (env: CliIo['env']) => ({
  ...(env.ARGON2_MEMORY_COST ? { memoryCost: Number(env.ARGON2_MEMORY_COST) } : {}),
  ...(env.ARGON2_TIME_COST ? { timeCost: Number(env.ARGON2_TIME_COST) } : {}),
  ...(env.ARGON2_PARALLELISM ? { parallelism: Number(env.ARGON2_PARALLELISM) } : {}),
});

export const createUser: Command = {
  name: 'create-user',
  summary: 'Create a confirmed account, optionally with roles.',
  usage: [
    'gatehouse create-user --email <e-mail> --password-stdin [--role <role>]… [--username <name>] [--first-name <name>] [--last-name <name>]',
    'The password is read from standard input (never from the command line, where `ps` and shell history see it).',
    'The same rules as registration apply (e-mail, username, password policy); the account is created confirmed.',
  ],
  options: {
    email: { type: 'string' },
    'password-stdin': { type: 'boolean' },
    role: { type: 'string', multiple: true },
    username: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
  async run(io, { values }) {
    if (typeof values.email !== 'string') throw new CliFailure('--email is required.', EXIT.usage);
    if (values['password-stdin'] !== true) throw new CliFailure('--password-stdin is required: pipe the password in.', EXIT.usage);
    const roles = parseRoles((values.role as string[] | undefined) ?? [], io.env);
    const password = (await io.readStdin()).replace(/\r?\n$/, '');
    const username = typeof values.username === 'string' ? values.username : usernameFrom(values.email);

    await withStore(io, async (store) => {
      // Registration's own rules and hashing; the secrets sign nothing that leaves this process.
      const auth = createAuth({
        config: {
          accessTokenSecret: randomBytes(32).toString('base64url'),
          refreshTokenSecret: randomBytes(32).toString('base64url'),
          argon2: argonFromEnv(io.env),
          rateLimit: { enabled: false },
        },
        roles: configuredRoles(io.env),
        store,
        mailer: { send: async () => {} },
      });
      let id: string;
      try {
        const result = await auth.register({
          email: values.email,
          username,
          firstName: typeof values['first-name'] === 'string' ? values['first-name'] : username,
          lastName: typeof values['last-name'] === 'string' ? values['last-name'] : 'User',
          password,
          confirmPassword: password,
        });
        id = result.user.id;
      } catch (error) {
        if (isAuthError(error)) throw new CliFailure(`Cannot create the user: ${error.message}`, EXIT.failed);
        throw error;
      }
      // The confirmation mail registration started writes its token to the store in the background:
      // let it finish before the store closes (it used to fail with a false DATABASE_UNAVAILABLE).
      auth.close();
      await auth.whenIdle();
      const now = new Date();
      // Registration hands out a session; an account made by an operator starts without one.
      await store.refreshTokens.revokeAllRefreshTokens(id, now);
      await store.users.markEmailVerified(id, now);
      if (roles.length > 0) await store.users.setUserRoles(id, roles, now);
      const user = await store.users.findUserById(id);
      io.out(`Created ${describeUser(user!)}`);
    });
  },
};

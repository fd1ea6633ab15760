import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DATABASES_REQUIRED,
  postgresTestServer,
  sqliteTestServer,
  unreachableMessage,
  type Scratch,
  type SqlTestServer,
} from '@gatehousejs/store-sql/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/run-cli.js';

const PASSWORD = 'correct horse battery staple';

function cli(env: Record<string, string | undefined>) {
  return async (args: string[], stdin = '') => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli({
      args,
      env: { ARGON2_MEMORY_COST: '1024', ARGON2_TIME_COST: '1', ...env },
      readStdin: async () => stdin,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out, err };
  };
}

describe('gatehouse without a database', () => {
  const run = cli({});

  it('prints the overview on --help and exits 0; with no command exits 2', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toMatch(/create-user[\s\S]*set-roles[\s\S]*list-users[\s\S]*revoke-sessions/);
    expect((await run([])).code).toBe(2);
  });

  it.each(['migrate', 'create-user', 'set-roles', 'list-users', 'revoke-sessions', 'keys'])(
    '%s --help prints its usage and exits 0',
    async (name) => {
      const { code, out } = await run([name, '--help']);
      expect(code).toBe(0);
      expect(out[0]).toMatch(new RegExp(`^Usage: gatehouse ${name}( |$)`));
    },
  );

  it('exits 2 on an unknown command, an unknown option, a missing DATABASE_URL or an unknown role', async () => {
    expect((await run(['frobnicate'])).code).toBe(2);
    const unknownOption = await run(['list-users', '--colour']);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.err[0]).toContain('--colour');
    const noUrl = await run(['list-users']);
    expect(noUrl).toMatchObject({ code: 2, err: [expect.stringContaining('DATABASE_URL is not set')] });
    expect((await run(['create-user', '--email', 'a@example.test', '--password-stdin', '--role', 'wizard'], PASSWORD)).code).toBe(2);
    expect((await run(['set-roles'])).code).toBe(2);
  });

  it('migrate --sql prints the schema of each dialect without a database', async () => {
    const postgres = await run(['migrate', '--sql', 'postgres']);
    expect(postgres.code).toBe(0);
    expect(postgres.out[0]).toMatch(/^create table if not exists "users" \(/);
    expect(postgres.out.every((l) => l.endsWith(';'))).toBe(true);
    const mariadb = await run(['migrate', '--sql', 'mariadb']);
    expect(mariadb.out[0]).toContain('`users`');
    expect((await run(['migrate', '--sql', 'oracle'])).code).toBe(2);
  });
});

async function onDatabase(server: SqlTestServer | Promise<SqlTestServer>, suite: (url: () => string) => void) {
  const database = await server;
  if (database.unreachable !== null) {
    const message = unreachableMessage(database.label, database.unreachable);
    if (DATABASES_REQUIRED) {
      describe(database.label, () => it('is reachable, as GATEHOUSE_REQUIRE_DATABASES=1 demands', () => expect.fail(message)));
      return;
    }
    console.warn(message);
  }
  // Skipped only on a developer machine without this database (CI fails above instead).
  describe.skipIf(database.unreachable !== null)(`gatehouse on ${database.label}`, () => {
    let scratch: Scratch;
    beforeAll(async () => {
      scratch = await database.createScratch();
    });
    afterAll(() => scratch?.drop());
    suite(() => scratch.url);
  });
}

function adminCases(url: () => string) {
  const run = (args: string[], stdin?: string) => cli({ DATABASE_URL: url() })(args, stdin);

  it('migrates, then says the schema is up to date', async () => {
    const first = await run(['migrate']);
    expect(first.code).toBe(0);
    expect(first.out[0]).toMatch(/^Applied migration 0001-initial-schema/);
    expect((await run(['migrate'])).out).toEqual([expect.stringMatching(/is already up to date\.$/)]);
  });

  it('creates a confirmed user with roles, reading the password from stdin, and lists it', async () => {
    const created = await run(
      ['create-user', '--email', 'Root@Example.test', '--password-stdin', '--role', 'super', '--role', 'admin'],
      `${PASSWORD}\n`,
    );
    expect(created.err).toEqual([]);
    expect(created.code).toBe(0);
    expect(created.out[0]).toMatch(/root@example\.test {2}Root {2}roles=(super,admin|admin,super) {2}active$/);
    expect(created.out.join('\n')).not.toContain(PASSWORD);

    const listed = await run(['list-users', '--json']);
    expect(listed.out.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ email: 'root@example.test', isActive: true })]);
    const admins = await run(['list-users', '--role', 'admin']);
    expect(admins.out).toHaveLength(1);
    expect((await run(['list-users', '--role', 'manager'])).out).toEqual([]);
  });

  it('refuses a taken e-mail and a password the policy refuses, with exit 1', async () => {
    const taken = await run(['create-user', '--email', 'root@example.test', '--password-stdin'], PASSWORD);
    expect(taken.code).toBe(1);
    const weak = await run(['create-user', '--email', 'weak@example.test', '--password-stdin'], 'short');
    expect(weak.code).toBe(1);
    expect(weak.err[0]).toMatch(/^Cannot create the user: /);
  });

  it('sets roles, refuses to take super from the last super, and exits 3 for an unknown e-mail', async () => {
    await run(['create-user', '--email', 'ed@example.test', '--password-stdin'], PASSWORD);
    const set = await run(['set-roles', 'ed@example.test', 'manager', 'user']);
    expect(set.code).toBe(0);
    expect(set.out[0]).toMatch(/roles=manager,user/);
    const last = await run(['set-roles', 'root@example.test', 'admin']);
    expect(last.code).toBe(1);
    expect(last.err[0]).toContain('last super');
    expect((await run(['set-roles', 'nobody@example.test', 'user'])).code).toBe(3);
    expect((await run(['set-roles', 'ed@example.test'])).out[0]).toMatch(/roles=-/);
  });

  it("takes an app's own roles from GATEHOUSE_ROLES, and refuses them without it (exit 2)", async () => {
    const withEditor = (args: string[]) => cli({ DATABASE_URL: url(), GATEHOUSE_ROLES: 'super, admin, manager, user, editor' })(args);
    expect((await run(['set-roles', 'ed@example.test', 'editor'])).code).toBe(2);
    const set = await withEditor(['set-roles', 'ed@example.test', 'editor']);
    expect(set.code).toBe(0);
    expect(set.out[0]).toMatch(/roles=editor/);
    expect((await withEditor(['list-users', '--role', 'editor'])).out).toEqual([expect.stringContaining('ed@example.test')]);
    const noSuper = await cli({ DATABASE_URL: url(), GATEHOUSE_ROLES: 'admin,editor' })(['list-users', '--role', 'admin']);
    expect(noSuper.code).toBe(2);
    expect(noSuper.err[0]).toMatch(/^GATEHOUSE_ROLES is not a valid role set: .*super/);
    await run(['set-roles', 'ed@example.test']);
  });

  it('revokes every session of a user', async () => {
    const revoked = await run(['revoke-sessions', 'ed@example.test']);
    expect(revoked).toMatchObject({ code: 0, out: ['Revoked every session of ed@example.test.'] });
    expect((await run(['revoke-sessions', 'nobody@example.test'])).code).toBe(3);
  });
}

await onDatabase(sqliteTestServer(), adminCases);
await onDatabase(postgresTestServer(), adminCases);

describe('gatehouse against a database that cannot be opened', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-cli-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('exits 1 with one line, never printing the URL', async () => {
    const url = 'postgres://secret-user:secret-pass@127.0.0.1:1/nowhere';
    const { code, err } = await cli({ DATABASE_URL: url })(['list-users']);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).not.toContain('secret-pass');
  });
});

import { parseArgs } from 'node:util';
import { CliFailure, EXIT, type CliIo } from './cli-io.js';
import type { Command } from './commands/command.js';
import { createUser } from './commands/create-user.js';
import { keys } from './commands/keys.js';
import { listUsers } from './commands/list-users.js';
import { migrate } from './commands/migrate.js';
import { revokeSessions } from './commands/revoke-sessions.js';
import { setRoles } from './commands/set-roles.js';

const COMMANDS: readonly Command[] = [migrate, createUser, setRoles, listUsers, revokeSessions, keys];

const OVERVIEW = [
  "Usage: gatehouse <command> [options]    (DATABASE_URL names the database; GATEHOUSE_ROLES=a,b,… an app's own role set)",
  '',
  ...COMMANDS.map((c) => `  ${c.name.padEnd(16)} ${c.summary}`),
  '',
  'gatehouse <command> --help shows a command’s options.',
  'Exit codes: 0 done, 1 failed or refused, 2 wrong arguments or DATABASE_URL missing, 3 no such user.',
];

const helpOf = (command: Command) => [`Usage: ${command.usage[0]}`, ...command.usage.slice(1), '', command.summary];

/**
 * Runs `gatehouse <command> …` and returns its exit code. Never prints DATABASE_URL (it may hold a
 * password) nor a password.
 *
 * @example
 * process.exitCode = await runCli({ args: process.argv.slice(2), env: process.env, readStdin, out: console.log, err: console.error });
 */
export async function runCli(io: CliIo): Promise<number> {
  const [name, ...rest] = io.args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    for (const line of OVERVIEW) (name === undefined ? io.err : io.out)(line);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".`);
    for (const line of OVERVIEW) io.err(line);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    for (const line of helpOf(command)) io.out(line);
    return EXIT.ok;
  }
  try {
    const parsed = parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true });
    // A command that declares no positionals takes none; one that gives no maximum takes any number.
    const { min, max = Infinity } = command.positionals ?? { min: 0, max: 0 };
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw new CliFailure(`Wrong number of arguments. Usage: ${command.usage[0]}`, EXIT.usage);
    }
    await command.run(io, parsed);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CliFailure) {
      io.err(error.message);
      return error.exitCode;
    }
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(error as Error).message}. Usage: ${command.usage[0]}`);
      return EXIT.usage;
    }
    io.err(`gatehouse ${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}

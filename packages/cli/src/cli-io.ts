/** What a command reads and where it writes, so it runs the same from a shell and from a test. */
export interface CliIo {
  /** The arguments after `gatehouse`. */
  args: readonly string[];
  /** DATABASE_URL and ARGON2_* are read from here. */
  env: Readonly<Record<string, string | undefined>>;
  /** Standard input, read to its end (for `--password-stdin`). */
  readStdin(): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

/** The exit codes of every command. */
export const EXIT = Object.freeze({
  ok: 0,
  /** The database or the operation failed, or the request was refused (taken e-mail, weak password, last super). */
  failed: 1,
  /** Wrong arguments, or DATABASE_URL missing. */
  usage: 2,
  /** No user has that e-mail. */
  noSuchUser: 3,
});

/** Thrown by a command to end with a message and an exit code. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

import type { ParseArgsConfig } from 'node:util';
import type { CliIo } from '../cli-io.js';

export interface ParsedArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** One `gatehouse <name>` command: its help, its options for `util.parseArgs`, and what it does. */
export interface Command {
  name: string;
  summary: string;
  usage: string[];
  options: NonNullable<ParseArgsConfig['options']>;
  /** Positional arguments it takes; more or fewer is a usage error. */
  positionals?: { min: number; max?: number };
  run(io: CliIo, args: ParsedArgs): Promise<void>;
}

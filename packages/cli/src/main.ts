#!/usr/bin/env node
// `gatehouse`: the one place of the package that reads the process's environment and streams.
import { runCli } from './run-cli.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

process.exitCode = await runCli({
  args: process.argv.slice(2),
  env: process.env,
  readStdin,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});

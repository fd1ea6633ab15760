#!/usr/bin/env node
// The `gatehouse` command. This file is committed, not built, so a package manager can link the bin
// at install time, before `dist/` exists; the command itself is src/main.ts.
import { existsSync } from 'node:fs';

const command = new URL('../dist/main.js', import.meta.url);
if (existsSync(command)) {
  await import(command.href);
} else {
  console.error('gatehouse: @gatehousejs/cli is not built; run `pnpm build` first.');
  process.exitCode = 1;
}

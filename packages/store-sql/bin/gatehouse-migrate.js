#!/usr/bin/env node
// The `gatehouse-migrate` command. This file is committed, not built, so a package manager can link
// the bin at install time, before `dist/` exists; the command itself is src/cli/migrate.ts.
import { existsSync } from 'node:fs';

const command = new URL('../dist/cli/migrate.js', import.meta.url);
if (existsSync(command)) {
  await import(command.href);
} else {
  console.error('gatehouse-migrate: @gatehousejs/store-sql is not built; run `pnpm build` first.');
  process.exitCode = 1;
}

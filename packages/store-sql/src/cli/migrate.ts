#!/usr/bin/env node
// `gatehouse-migrate`: brings the database named by DATABASE_URL to the latest Gatehouse schema.
// This is the one place in the package that reads the environment.
import { runMigrateCommand } from './run-migrate-command.js';

process.exitCode = await runMigrateCommand({
  args: process.argv.slice(2),
  databaseUrl: process.env.DATABASE_URL,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});

export { runCli } from './run-cli.js';
export { EXIT } from './cli-io.js';
export type { CliIo } from './cli-io.js';

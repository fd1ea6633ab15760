export { sqliteTestServer, postgresTestServer, mariadbTestServer } from './sql-test-servers.js';
export type { Scratch, SqlTestServer } from './sql-test-servers.js';
export { DATABASES_REQUIRED, unreachableMessage } from './require-databases.js';
export { openScratchStore, scratchSkipReason } from './open-scratch-store.js';
export type { ScratchStore } from './open-scratch-store.js';

import { describeHttpSuite } from '@gatehousejs/http/testing';
import { mariadbTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { nestTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch schema, dropped when it closes (see
// http-postgres-express for why MariaDB runs under the Fastify platform only).
const database = await mariadbTestServer();
describeHttpSuite(
  'Nest on Fastify on MariaDB',
  nestTarget('fastify', () => openScratchStore(database), scratchSkipReason(database)),
);

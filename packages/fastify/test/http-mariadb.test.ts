import { describeHttpSuite } from '@gatehousejs/http/testing';
import { mariadbTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { fastifyTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch schema, dropped when it closes.
const database = await mariadbTestServer();
describeHttpSuite(
  'Fastify on MariaDB',
  fastifyTarget(() => openScratchStore(database), scratchSkipReason(database)),
);

import { describeHttpSuite } from '@gatehousejs/http/testing';
import { postgresTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { fastifyTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch schema, dropped when it closes.
const database = await postgresTestServer();
describeHttpSuite(
  'Fastify on PostgreSQL',
  fastifyTarget(() => openScratchStore(database), scratchSkipReason(database)),
);

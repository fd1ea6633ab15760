import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { openScratchStore, postgresTestServer, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { fastifyTarget } from './suite-target.js';

// Each app gets its own migrated scratch schema; the cases across instances share one.
const database = await postgresTestServer();
describeSecuritySuite(
  'Security of Fastify on PostgreSQL',
  fastifyTarget(() => openScratchStore(database), scratchSkipReason(database)),
);

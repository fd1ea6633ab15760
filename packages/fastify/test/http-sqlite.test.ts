import { describeHttpSuite } from '@gatehousejs/http/testing';
import { sqliteTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { fastifyTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch file, dropped when it closes.
const database = sqliteTestServer();
describeHttpSuite(
  'Fastify on SQLite',
  fastifyTarget(() => openScratchStore(database), scratchSkipReason(database)),
);

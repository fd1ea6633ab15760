import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { mariadbTestServer, openScratchStore, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { fastifyTarget } from './suite-target.js';

// Each app gets its own scratch database; the cases across instances share one.
const database = await mariadbTestServer();
describeSecuritySuite(
  'Security of Fastify on MariaDB',
  fastifyTarget(() => openScratchStore(database), scratchSkipReason(database)),
);

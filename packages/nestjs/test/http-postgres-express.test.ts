import { describeHttpSuite } from '@gatehousejs/http/testing';
import { openScratchStore, postgresTestServer, scratchSkipReason } from '@gatehousejs/store-sql/testing';
import { nestTarget } from './suite-target.js';

// Each app of the suite gets its own migrated scratch schema, dropped when it closes. PostgreSQL
// runs under Nest's Express platform and MariaDB under its Fastify one (http-mariadb-fastify):
// each database and each platform once, as the store does not depend on the platform.
const database = await postgresTestServer();
describeHttpSuite(
  'Nest on Express on PostgreSQL',
  nestTarget('express', () => openScratchStore(database), scratchSkipReason(database)),
);

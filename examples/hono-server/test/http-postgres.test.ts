import { describeOnDatabase, startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeHttpSuite } from '@gatehouse/http/testing';
import { postgresTestServer } from '@gatehouse/store-sql/testing';
import { createHonoListener } from './start-hono.js';

// Each server of the suite runs in its own PostgreSQL schema gh_<random>, dropped afterwards.
describeOnDatabase(
  await postgresTestServer(),
  (env) => startForSuite(createHonoListener, env),
  (start) => describeHttpSuite('Hono example on PostgreSQL', start),
);

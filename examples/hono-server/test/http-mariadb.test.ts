import { describeOnDatabase, startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeHttpSuite } from '@gatehouse/http/testing';
import { mariadbTestServer } from '@gatehouse/store-sql/testing';
import { createHonoListener } from './start-hono.js';

// Each server of the suite runs in its own MariaDB database gh_test_<random>, dropped afterwards.
describeOnDatabase(
  await mariadbTestServer(),
  (env) => startForSuite(createHonoListener, env),
  (start) => describeHttpSuite('Hono example on MariaDB', start),
);

import { describeOnDatabase, startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeHttpSuite } from '@gatehouse/http/testing';
import { postgresTestServer } from '@gatehouse/store-sql/testing';
import { createApp } from '../src/app.js';

// Each server of the suite runs in its own PostgreSQL schema gh_<random>, dropped afterwards.
describeOnDatabase(
  await postgresTestServer(),
  (env) => startForSuite(createApp, env),
  (start) => describeHttpSuite('Express example on PostgreSQL', start),
);

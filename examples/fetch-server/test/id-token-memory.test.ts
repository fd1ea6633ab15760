import { describeIdTokenThreatsSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createFetchListener } from './start-fetch.js';

describeIdTokenThreatsSuite('Web-standard example on the in-memory store', (env) =>
  startForSuite(createFetchListener, { ...env, DATABASE_URL: 'memory:' }),
);

import { describeIdTokenThreatsSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createNestListener } from './start-nest.js';

describeIdTokenThreatsSuite('Nest example (Express) on the in-memory store', (env) =>
  startForSuite(createNestListener, { ...env, DATABASE_URL: 'memory:' }),
);

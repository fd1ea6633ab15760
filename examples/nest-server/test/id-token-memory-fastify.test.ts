import { describeIdTokenThreatsSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createNestFastifyListener } from './start-nest.js';

describeIdTokenThreatsSuite('Nest example (Fastify) on the in-memory store', (env) =>
  startForSuite(createNestFastifyListener, { ...env, DATABASE_URL: 'memory:' }),
);

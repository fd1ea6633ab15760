import { describeIdTokenThreatsSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createFastifyListener } from './start-fastify.js';

describeIdTokenThreatsSuite('Fastify example on the in-memory store', (env) =>
  startForSuite(createFastifyListener, { ...env, DATABASE_URL: 'memory:' }),
);

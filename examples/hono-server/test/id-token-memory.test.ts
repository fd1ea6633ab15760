import { describeIdTokenThreatsSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createHonoListener } from './start-hono.js';

describeIdTokenThreatsSuite('Hono example on the in-memory store', (env) =>
  startForSuite(createHonoListener, { ...env, DATABASE_URL: 'memory:' }),
);

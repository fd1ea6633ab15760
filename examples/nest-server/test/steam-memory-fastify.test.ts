import { describeSteamSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createNestFastifyListener } from './start-nest.js';

describeSteamSignInSuite('Nest example (Fastify) on the in-memory store', (env, overrides) =>
  startForSuite(createNestFastifyListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

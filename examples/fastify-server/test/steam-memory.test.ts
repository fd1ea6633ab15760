import { describeSteamSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createFastifyListener } from './start-fastify.js';

describeSteamSignInSuite('Fastify example on the in-memory store', (env, overrides) =>
  startForSuite(createFastifyListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

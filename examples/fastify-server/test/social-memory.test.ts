import { describeSocialSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createFastifyListener } from './start-fastify.js';

describeSocialSignInSuite('Fastify example on the in-memory store', (env, overrides) =>
  startForSuite(createFastifyListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

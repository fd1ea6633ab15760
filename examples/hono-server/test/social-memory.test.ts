import { describeSocialSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createHonoListener } from './start-hono.js';

describeSocialSignInSuite('Hono example on the in-memory store', (env, overrides) =>
  startForSuite(createHonoListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

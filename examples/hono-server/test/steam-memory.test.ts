import { describeSteamSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createHonoListener } from './start-hono.js';

describeSteamSignInSuite('Hono example on the in-memory store', (env, overrides) =>
  startForSuite(createHonoListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

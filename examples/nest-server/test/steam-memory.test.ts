import { describeSteamSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createNestListener } from './start-nest.js';

describeSteamSignInSuite('Nest example (Express) on the in-memory store', (env, overrides) =>
  startForSuite(createNestListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

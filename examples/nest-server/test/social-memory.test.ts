import { describeSocialSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createNestListener } from './start-nest.js';

describeSocialSignInSuite('Nest example (Express) on the in-memory store', (env, overrides) =>
  startForSuite(createNestListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

import { describeSocialSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createFetchListener } from './start-fetch.js';

describeSocialSignInSuite('Web-standard example on the in-memory store', (env, overrides) =>
  startForSuite(createFetchListener, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

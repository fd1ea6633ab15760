import { describeSocialSignInSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createApp } from '../src/app.js';

describeSocialSignInSuite('Express example on the in-memory store', (env, overrides) =>
  startForSuite(createApp, { ...env, DATABASE_URL: 'memory:' }, overrides),
);

import { describeIdTokenThreatsSuite, startForSuite } from '@gatehousejs/example-server-kit/testing';
import { createApp } from '../src/app.js';

describeIdTokenThreatsSuite('Express example on the in-memory store', (env) =>
  startForSuite(createApp, { ...env, DATABASE_URL: 'memory:' }),
);

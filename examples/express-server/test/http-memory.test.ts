import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeHttpSuite } from '@gatehouse/http/testing';
import { createApp } from '../src/app.js';

describeHttpSuite('Express example on the in-memory store', (env) => startForSuite(createApp, { ...env, DATABASE_URL: 'memory:' }));

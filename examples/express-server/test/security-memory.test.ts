import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeSecuritySuite } from '@gatehouse/http/testing';
import { createApp } from '../src/app.js';

describeSecuritySuite('Security of the Express example on the in-memory store', (env) => startForSuite(createApp, { ...env, DATABASE_URL: 'memory:' }));

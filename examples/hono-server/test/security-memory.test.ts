import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeSecuritySuite } from '@gatehouse/http/testing';
import { createHonoListener } from './start-hono.js';

describeSecuritySuite('Security of the Hono example on the in-memory store', (env) => startForSuite(createHonoListener, { ...env, DATABASE_URL: 'memory:' }));

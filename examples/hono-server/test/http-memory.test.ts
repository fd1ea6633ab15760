import { startForSuite } from '@gatehouse/example-server-kit/testing';
import { describeHttpSuite } from '@gatehouse/http/testing';
import { createHonoListener } from './start-hono.js';

describeHttpSuite('Hono example on the in-memory store', (env) => startForSuite(createHonoListener, { ...env, DATABASE_URL: 'memory:' }));

import { describeHttpSuite } from '@gatehouse/http/testing';
import { startExample } from './start-example.js';

describeHttpSuite('Express example on the in-memory store', (env) => startExample({ ...env, DATABASE_URL: 'memory:' }));

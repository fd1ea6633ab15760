import { describeHttpSuite } from '@gatehousejs/http/testing';
import { memoryStorage, nestTarget } from './suite-target.js';

describeHttpSuite('Nest on Fastify on the in-memory store', nestTarget('fastify', memoryStorage));

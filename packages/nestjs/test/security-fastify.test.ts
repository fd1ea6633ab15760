import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { memoryStorage, nestTarget } from './suite-target.js';

describeSecuritySuite('Security of Nest on Fastify on the in-memory store', nestTarget('fastify', memoryStorage));

import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { fastifyTarget, memoryStorage } from './suite-target.js';

describeSecuritySuite('Security of Fastify on the in-memory store', fastifyTarget(memoryStorage));

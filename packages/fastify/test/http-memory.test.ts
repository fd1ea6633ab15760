import { describeHttpSuite } from '@gatehousejs/http/testing';
import { fastifyTarget, memoryStorage } from './suite-target.js';

describeHttpSuite('Fastify on the in-memory store', fastifyTarget(memoryStorage));

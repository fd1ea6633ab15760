import { describeExampleRoutes } from '@gatehousejs/example-server-kit/testing';
import { createFastifyListener } from './start-fastify.js';

// The library's behaviour is proved by the HTTP suite in packages/fastify/test; this is the example's own.
describeExampleRoutes('Fastify example routes and settings', createFastifyListener);

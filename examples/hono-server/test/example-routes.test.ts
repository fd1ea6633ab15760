import { describeExampleRoutes } from '@gatehousejs/example-server-kit/testing';
import { createHonoListener } from './start-hono.js';

// The library's behaviour is proved by the HTTP suite in packages/hono/test; this is the example's own.
describeExampleRoutes('Hono example routes and settings', createHonoListener);

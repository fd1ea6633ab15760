import { describeExampleRoutes } from '@gatehousejs/example-server-kit/testing';
import { createNestListener } from './start-nest.js';

// The library's behaviour is proved by the HTTP suite in packages/nestjs/test; this is the example's own.
describeExampleRoutes('Nest example (Express) routes and settings', createNestListener);

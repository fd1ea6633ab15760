import { describeExampleRoutes } from '@gatehousejs/example-server-kit/testing';
import { createApp } from '../src/app.js';

// The library's behaviour is proved by the HTTP suite in packages/express/test; this is the example's own.
describeExampleRoutes('Express example routes and settings', createApp);

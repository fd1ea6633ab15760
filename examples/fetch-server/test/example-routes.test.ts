import { describeExampleRoutes } from '@gatehousejs/example-server-kit/testing';
import { createFetchListener } from './start-fetch.js';

// The library's behaviour is proved by the HTTP suite in packages/fetch/test; this is the example's own.
describeExampleRoutes('Web-standard example routes and settings', createFetchListener);

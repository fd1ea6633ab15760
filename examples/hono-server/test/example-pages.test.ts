import { describeExamplePages } from '@gatehousejs/example-server-kit/testing';
import { createHonoListener } from './start-hono.js';

describeExamplePages('Hono example pages', createHonoListener);

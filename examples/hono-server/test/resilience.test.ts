import { describeResilience } from '@gatehousejs/example-server-kit/testing';
import { createHonoListener } from './start-hono.js';

describeResilience('Hono example', createHonoListener);

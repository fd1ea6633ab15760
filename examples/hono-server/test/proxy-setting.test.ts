import { describeProxySetting } from '@gatehousejs/example-server-kit/testing';
import { createHonoListener } from './start-hono.js';

describeProxySetting('Hono example', createHonoListener);

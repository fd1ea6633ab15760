import { describeHttpSuite } from '@gatehousejs/http/testing';
import { honoTarget, memoryStorage } from './suite-target.js';

describeHttpSuite('Hono on the in-memory store', honoTarget(memoryStorage));

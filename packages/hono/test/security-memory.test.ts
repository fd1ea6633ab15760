import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { honoTarget, memoryStorage } from './suite-target.js';

describeSecuritySuite('Security of Hono on the in-memory store', honoTarget(memoryStorage));

import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { fetchTarget, memoryStorage } from './suite-target.js';

describeSecuritySuite('Security of the web-standard handler on the in-memory store', fetchTarget(memoryStorage));

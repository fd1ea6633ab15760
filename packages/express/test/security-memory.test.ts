import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { expressTarget, memoryStorage } from './suite-target.js';

describeSecuritySuite('Security of Express on the in-memory store', expressTarget(memoryStorage));

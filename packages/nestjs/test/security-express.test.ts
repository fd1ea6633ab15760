import { describeSecuritySuite } from '@gatehousejs/http/testing';
import { memoryStorage, nestTarget } from './suite-target.js';

describeSecuritySuite('Security of Nest on Express on the in-memory store', nestTarget('express', memoryStorage));

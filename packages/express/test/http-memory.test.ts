import { describeHttpSuite } from '@gatehousejs/http/testing';
import { expressTarget, memoryStorage } from './suite-target.js';

describeHttpSuite('Express on the in-memory store', expressTarget(memoryStorage));

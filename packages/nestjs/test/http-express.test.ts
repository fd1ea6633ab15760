import { describeHttpSuite } from '@gatehousejs/http/testing';
import { memoryStorage, nestTarget } from './suite-target.js';

describeHttpSuite('Nest on Express on the in-memory store', nestTarget('express', memoryStorage));

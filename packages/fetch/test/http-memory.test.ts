import { describeHttpSuite } from '@gatehousejs/http/testing';
import { fetchTarget, memoryStorage } from './suite-target.js';

describeHttpSuite('Web-standard handler on the in-memory store', fetchTarget(memoryStorage));

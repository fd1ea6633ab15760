import { describeProxySetting } from '@gatehousejs/example-server-kit/testing';
import { createNestListener } from './start-nest.js';

describeProxySetting('Nest example (Express)', createNestListener);

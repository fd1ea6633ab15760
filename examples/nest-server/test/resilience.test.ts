import { describeResilience } from '@gatehousejs/example-server-kit/testing';
import { createNestListener } from './start-nest.js';

describeResilience('Nest example (Express)', createNestListener);

import { describeProxySetting } from '@gatehousejs/example-server-kit/testing';
import { createNestFastifyListener } from './start-nest.js';

describeProxySetting('Nest example (Fastify)', createNestFastifyListener);

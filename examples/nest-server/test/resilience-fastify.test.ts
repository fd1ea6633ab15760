import { describeResilience } from '@gatehousejs/example-server-kit/testing';
import { createNestFastifyListener } from './start-nest.js';

describeResilience('Nest example (Fastify)', createNestFastifyListener);

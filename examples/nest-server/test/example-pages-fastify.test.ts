import { describeExamplePages } from '@gatehousejs/example-server-kit/testing';
import { createNestFastifyListener } from './start-nest.js';

describeExamplePages('Nest example (Fastify) pages', createNestFastifyListener);

import { describeExamplePages } from '@gatehousejs/example-server-kit/testing';
import { createFastifyListener } from './start-fastify.js';

describeExamplePages('Fastify example pages', createFastifyListener);

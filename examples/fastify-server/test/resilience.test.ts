import { describeResilience } from '@gatehousejs/example-server-kit/testing';
import { createFastifyListener } from './start-fastify.js';

describeResilience('Fastify example', createFastifyListener);

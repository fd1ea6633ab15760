import { describeProxySetting } from '@gatehousejs/example-server-kit/testing';
import { createFastifyListener } from './start-fastify.js';

describeProxySetting('Fastify example', createFastifyListener);

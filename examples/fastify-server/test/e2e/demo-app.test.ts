// The Express example's demo-app journeys, written once there, run against the Fastify example: the
// pages are the kit's, the API answers and the glue that serves them are Fastify's.
import { describeDemoApp } from '../../../express-server/test/e2e/demo-app-suite.js';
import { createFastifyListener } from '../start-fastify.js';

describeDemoApp('Fastify', createFastifyListener, { screenshots: false });

// The Express example's demo-app journeys, written once there, run against the Hono example: the
// pages are the kit's, the API answers and the glue that serves them are Hono's.
import { describeDemoApp } from '../../../express-server/test/e2e/demo-app-suite.js';
import { createHonoListener } from '../start-hono.js';

describeDemoApp('Hono', createHonoListener, { screenshots: false });

// The Express example's demo-app journeys, written once there, run against the Nest example: the
// pages are the kit's, the API answers and the glue that serves them are Nest's.
import { describeDemoApp } from '../../../express-server/test/e2e/demo-app-suite.js';
import { createNestListener } from '../start-nest.js';

describeDemoApp('Nest (Express)', createNestListener, { screenshots: false });

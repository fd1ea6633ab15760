// The Express example's demo-app journeys, written once there, run against the web-standard example:
// the pages are the kit's, the API answers and the glue that serves them are the fetch handler's.
import { describeDemoApp } from '../../../express-server/test/e2e/demo-app-suite.js';
import { createFetchListener } from '../start-fetch.js';

describeDemoApp('Web-standard handler', createFetchListener, { screenshots: false });

// The Express example's cookie-session journeys, written once there, run against the web-standard example.
import { describeCookieSessions } from '../../../express-server/test/e2e/cookie-sessions-suite.js';
import { createFetchListener } from '../start-fetch.js';

describeCookieSessions('Web-standard handler', createFetchListener);

// The Express example's cookie-session journeys, written once there, run against the Hono example.
import { describeCookieSessions } from '../../../express-server/test/e2e/cookie-sessions-suite.js';
import { createHonoListener } from '../start-hono.js';

describeCookieSessions('Hono', createHonoListener);

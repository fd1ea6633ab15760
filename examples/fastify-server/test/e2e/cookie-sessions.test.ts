// The Express example's cookie-session journeys, written once there, run against the Fastify example.
import { describeCookieSessions } from '../../../express-server/test/e2e/cookie-sessions-suite.js';
import { createFastifyListener } from '../start-fastify.js';

describeCookieSessions('Fastify', createFastifyListener);

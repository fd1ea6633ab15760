// The Express example's cookie-session journeys, written once there, run against the Nest example.
import { describeCookieSessions } from '../../../express-server/test/e2e/cookie-sessions-suite.js';
import { createNestFastifyListener } from '../start-nest.js';

describeCookieSessions('Nest (Fastify)', createNestFastifyListener);

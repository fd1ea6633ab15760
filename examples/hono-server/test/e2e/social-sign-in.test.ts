// The Express example's social sign-in journeys, written once there, run against the Hono example.
import { describeSocialSignIn } from '../../../express-server/test/e2e/social-sign-in-suite.js';
import { createHonoListener } from '../start-hono.js';

describeSocialSignIn('Hono', createHonoListener, { screenshots: false });

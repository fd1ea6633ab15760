// The Express example's social sign-in journeys, written once there, run against the Nest example.
import { describeSocialSignIn } from '../../../express-server/test/e2e/social-sign-in-suite.js';
import { createNestFastifyListener } from '../start-nest.js';

describeSocialSignIn('Nest (Fastify)', createNestFastifyListener, { screenshots: false });

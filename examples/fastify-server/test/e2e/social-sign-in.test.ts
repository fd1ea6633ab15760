// The Express example's social sign-in journeys, written once there, run against the Fastify example.
import { describeSocialSignIn } from '../../../express-server/test/e2e/social-sign-in-suite.js';
import { createFastifyListener } from '../start-fastify.js';

describeSocialSignIn('Fastify', createFastifyListener, { screenshots: false });

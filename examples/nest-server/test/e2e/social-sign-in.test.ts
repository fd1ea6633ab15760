// The Express example's social sign-in journeys, written once there, run against the Nest example.
import { describeSocialSignIn } from '../../../express-server/test/e2e/social-sign-in-suite.js';
import { createNestListener } from '../start-nest.js';

describeSocialSignIn('Nest (Express)', createNestListener, { screenshots: false });

// The Express example's social sign-in journeys, written once there, run against the web-standard example.
import { describeSocialSignIn } from '../../../express-server/test/e2e/social-sign-in-suite.js';
import { createFetchListener } from '../start-fetch.js';

describeSocialSignIn('Web-standard handler', createFetchListener, { screenshots: false });

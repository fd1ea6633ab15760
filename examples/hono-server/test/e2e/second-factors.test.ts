// The second-factor and passkey journeys, written once in the Express example, run against the Hono example.
import { describeSecondFactors } from '../../../express-server/test/e2e/second-factor-suite.js';
import { createHonoListener } from '../start-hono.js';

describeSecondFactors('Hono', createHonoListener);

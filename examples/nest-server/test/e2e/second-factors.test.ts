// The second-factor and passkey journeys, written once in the Express example, run against the Nest (Express) example.
import { describeSecondFactors } from '../../../express-server/test/e2e/second-factor-suite.js';
import { createNestListener } from '../start-nest.js';

describeSecondFactors('Nest (Express)', createNestListener);

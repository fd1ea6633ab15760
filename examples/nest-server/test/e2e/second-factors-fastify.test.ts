// The second-factor and passkey journeys, written once in the Express example, run against the Nest (Fastify) example.
import { describeSecondFactors } from '../../../express-server/test/e2e/second-factor-suite.js';
import { createNestFastifyListener } from '../start-nest.js';

describeSecondFactors('Nest (Fastify)', createNestFastifyListener);

// The second-factor and passkey journeys, written once in the Express example, run against the Fastify example.
import { describeSecondFactors } from '../../../express-server/test/e2e/second-factor-suite.js';
import { createFastifyListener } from '../start-fastify.js';

describeSecondFactors('Fastify', createFastifyListener);

// The security section's journeys, written once in the Express example, run against the Nest (Fastify) example.
import { describeAccountSecurity } from '../../../express-server/test/e2e/account-security-suite.js';
import { createNestFastifyListener } from '../start-nest.js';

describeAccountSecurity('Nest (Fastify)', createNestFastifyListener);

// The security section's journeys, written once in the Express example, run against the Fastify example.
import { describeAccountSecurity } from '../../../express-server/test/e2e/account-security-suite.js';
import { createFastifyListener } from '../start-fastify.js';

describeAccountSecurity('Fastify', createFastifyListener);

// The security section's journeys, written once in the Express example, run against the Nest (Express) example.
import { describeAccountSecurity } from '../../../express-server/test/e2e/account-security-suite.js';
import { createNestListener } from '../start-nest.js';

describeAccountSecurity('Nest (Express)', createNestListener);

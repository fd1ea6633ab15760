// The security section's journeys, written once in the Express example, run against the Hono example.
import { describeAccountSecurity } from '../../../express-server/test/e2e/account-security-suite.js';
import { createHonoListener } from '../start-hono.js';

describeAccountSecurity('Hono', createHonoListener);

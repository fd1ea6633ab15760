// The security section's journeys, written once in the Express example, run against the web-standard example.
import { describeAccountSecurity } from '../../../express-server/test/e2e/account-security-suite.js';
import { createFetchListener } from '../start-fetch.js';

describeAccountSecurity('Web-standard handler', createFetchListener);

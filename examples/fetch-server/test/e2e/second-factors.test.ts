// The second-factor and passkey journeys, written once in the Express example, run against the web-standard example.
import { describeSecondFactors } from '../../../express-server/test/e2e/second-factor-suite.js';
import { createFetchListener } from '../start-fetch.js';

describeSecondFactors('Web-standard handler', createFetchListener);

import { createApp } from '../../src/app.js';
import { describeAccountSecurity } from './account-security-suite.js';

describeAccountSecurity('Express', createApp);

import { createApp } from '../../src/app.js';
import { describeCookieSessions } from './cookie-sessions-suite.js';

describeCookieSessions('Express', createApp);

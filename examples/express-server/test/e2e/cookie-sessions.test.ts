import { createApp } from '../../src/app.js';
import { describeCookieSessions } from './cookie-sessions-suite.js';

describeCookieSessions('Express', createApp);
// AUTH_COOKIES=true as well, once: every request in cookie mode, header or not.
describeCookieSessions('Express', createApp, 'always');

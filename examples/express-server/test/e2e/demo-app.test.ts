import { createApp } from '../../src/app.js';
import { describeDemoApp } from './demo-app-suite.js';

describeDemoApp('Express', createApp, { screenshots: true });

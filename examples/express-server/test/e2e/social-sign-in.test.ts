import { createApp } from '../../src/app.js';
import { describeSocialSignIn } from './social-sign-in-suite.js';

describeSocialSignIn('Express', createApp, { screenshots: true });

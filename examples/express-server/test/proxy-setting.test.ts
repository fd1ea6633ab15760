import { describeProxySetting } from '@gatehousejs/example-server-kit/testing';
import { createApp } from '../src/app.js';

describeProxySetting('Express example', createApp);

import { describeResilience } from '@gatehousejs/example-server-kit/testing';
import { createApp } from '../src/app.js';

describeResilience('Express example', createApp);

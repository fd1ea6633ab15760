import { describeExamplePages } from '@gatehousejs/example-server-kit/testing';
import { createApp } from '../src/app.js';

describeExamplePages('Express example pages', createApp);

import { describeProxySetting } from '@gatehousejs/example-server-kit/testing';
import { createFetchListener } from './start-fetch.js';

describeProxySetting('Web-standard example', createFetchListener);

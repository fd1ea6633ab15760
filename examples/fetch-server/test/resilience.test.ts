import { describeResilience } from '@gatehousejs/example-server-kit/testing';
import { createFetchListener } from './start-fetch.js';

describeResilience('Web-standard example', createFetchListener);

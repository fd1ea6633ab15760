import { describeExamplePages } from '@gatehousejs/example-server-kit/testing';
import { createFetchListener } from './start-fetch.js';

describeExamplePages('Web-standard example pages', createFetchListener);

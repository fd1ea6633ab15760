import { describeExamplePages } from '@gatehousejs/example-server-kit/testing';
import { createNestListener } from './start-nest.js';

describeExamplePages('Nest example (Express) pages', createNestListener);

import { describeAuthStoreContract } from '@gatehousejs/core/testing';
import { createMemoryStore } from './index.js';

describeAuthStoreContract('memory store', async () => ({ store: createMemoryStore() }));

import { describeAuthStoreContract } from '@gatehouse/core/testing';
import { createMemoryStore } from './index.js';

describeAuthStoreContract('memory store', async () => ({ store: createMemoryStore() }));

export { createFakeClock } from './fake-clock.js';
export type { FakeClock } from './fake-clock.js';
export { createSeededRandom } from './seeded-random.js';
export { createFakeHasher } from './fake-hasher.js';
export type { FakeHasher } from './fake-hasher.js';
export { describeAuthStoreContract } from './store-contract-suite.js';
export type { StoreContractSubject } from './store-contract-suite.js';

export { createArgon2idWorkerPool } from './create-argon2id-worker-pool.js';
export type { Argon2idWorkerPool, Argon2idWorkerPoolOptions } from './create-argon2id-worker-pool.js';
export { createNativeArgon2idWorkerPool } from './create-native-argon2id-worker-pool.js';
export { createNativeArgon2idHasher, checkNativeArgon2id } from './create-native-argon2id-hasher.js';
export type { PoolIsolation } from './pool-member.js';

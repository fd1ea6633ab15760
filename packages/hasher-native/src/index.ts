export { createNativeArgon2idHasher } from './create-native-argon2id-hasher.js';
export { createNativeArgon2idWorkerPool } from './create-native-argon2id-worker-pool.js';

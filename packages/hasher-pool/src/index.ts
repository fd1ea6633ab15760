export { createArgon2idWorkerPool } from './create-argon2id-worker-pool.js';
export type { Argon2idWorkerPool, Argon2idWorkerPoolOptions } from './create-argon2id-worker-pool.js';
export type { Argon2idEngine } from './argon2id-task.js';
export type { PoolIsolation } from './pool-member.js';

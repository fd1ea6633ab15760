/**
 * Which hasher an auth server uses: core's hash-wasm on the event loop (the "before"), hash-wasm on
 * the worker pool, native on libuv's threads (`createNativeArgon2idHasher`), or native on the worker
 * pool (`createNativeArgon2idWorkerPool`, what the example server picks); and, to decide whether our
 * pool earns its code, the same two engines on `tinypool` (child processes for hash-wasm, threads for
 * native), fed through the same core wrapper and cap.
 */
export type HasherKind = 'in-thread' | 'wasm-pool' | 'native-libuv' | 'native-pool' | 'wasm-tinypool' | 'native-tinypool';

export const HASHERS: readonly { kind: HasherKind; label: string }[] = [
  { kind: 'in-thread', label: 'hash-wasm on the event loop (before)' },
  { kind: 'wasm-pool', label: 'hash-wasm worker pool (processes)' },
  { kind: 'native-libuv', label: 'native on libuv threads' },
  { kind: 'native-pool', label: 'native worker pool' },
];

/** Our pools side by side with tinypool 2.2 running the same engines (login suite only). */
export const TINYPOOL_HASHERS: readonly { kind: HasherKind; label: string; ours: HasherKind }[] = [
  { kind: 'wasm-tinypool', label: 'hash-wasm on tinypool (child_process runtime)', ours: 'wasm-pool' },
  { kind: 'native-tinypool', label: 'native on tinypool (worker_threads runtime)', ours: 'native-pool' },
];

/** The frameworks the guard suite serves `GET /bench/hello` on, each with its Gatehouse adapter. */
export type GuardFramework = 'express' | 'hono' | 'fastify' | 'fetch' | 'nest';

/**
 * The guards the token-guard suites put in front of the same Hono route: the issuer's own
 * (`secureRoutes(auth)`) signing HS256 or EdDSA, EdDSA with the verified-token cache off, a
 * resource service's JWKS guard (`createJwksVerifier` over the EdDSA issuer's `/jwks`), the
 * issuer's HS256 guard with 20 000 revocations in its list, and an HS256 verifier holding no
 * revocation list at all (`createAccessTokenVerifier`, the same checks and cache without the list).
 */
export type TokenGuard = 'HS256' | 'EdDSA' | 'EdDSA-no-cache' | 'jwks' | 'HS256-revocations-loaded' | 'HS256-no-revocation-list';

/** What a benchmark server is, passed as JSON in its first argument. */
export type ServerSpec =
  | { kind: 'guard'; framework: GuardFramework; route: 'bare' | 'guarded' | 'guarded-no-cache' }
  /** `jwksUrl` and `accessToken` (the issuer's, for the ready message) only for `jwks`. */
  | { kind: 'token-guard'; guard: TokenGuard; jwksUrl?: string; accessToken?: string }
  | { kind: 'auth'; hasher: HasherKind; databaseUrl: string; threadNice?: number };

/** The server's first message: where it listens and a user to log in as. */
export interface ReadyMessage {
  type: 'ready';
  port: number;
  accessToken: string;
  email: string;
  password: string;
  /** Hashes the server's hasher computes at once (pool size, libuv threads, …). */
  hashConcurrency: number;
}

export type Question = 'eld-reset' | 'eld' | 'memory' | 'cpu';

export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The server's memory, its hashing worker processes included (see `processTreeMemory`). */
export interface MemoryUse {
  rssMb: number;
  /** Peak resident set size so far: the server's own plus each worker process's. */
  maxRssMb: number;
  workerProcesses: number;
}

/** CPU time the server process has used so far, user and system together (`process.cpuUsage()`). */
export interface CpuUse {
  microseconds: number;
}

export interface Answer {
  type: 'answer';
  id: number;
  value: EventLoopDelay | MemoryUse | CpuUse | null;
}

/** The password of the bench user: long and unlikely to be on any common-password list. */
export const BENCH_PASSWORD = 'Gatehouse-bench-7f3Kq-pZ9w-2026';

/** The body of `POST /auth/register` (and `auth.register`) for a bench user. */
export const benchRegistration = (username: string, email: string) => ({
  firstName: 'Bench',
  lastName: 'User',
  username,
  email,
  password: BENCH_PASSWORD,
  confirmPassword: BENCH_PASSWORD,
});

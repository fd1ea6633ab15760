// `@node-rs/argon2` declares these as ambient const enums, which isolated modules cannot read; their
// values are fixed by its API. Plain JavaScript, shared by the native engine (on a worker) and the
// native hasher (on libuv's threads).
export const ARGON2ID = /** @type {import('@node-rs/argon2').Algorithm} */ (2);
export const VERSION_0X13 = /** @type {import('@node-rs/argon2').Version} */ (1);

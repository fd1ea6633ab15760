// A stand-in Argon2id engine for the pool's tests: it proves which engine the threads loaded.
export const hash = (password) => `fixture-engine:${password}`;
export const verify = (phcHash, password) => phcHash.endsWith(password);

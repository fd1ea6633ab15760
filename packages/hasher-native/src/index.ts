export { createNativeArgon2idHasher } from './create-native-argon2id-hasher.js';

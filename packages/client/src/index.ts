export { createGatehouseClient } from './create-client.js';
export type { ClientOptions, GatehouseClient, HttpMethod } from './create-client.js';
export { GatehouseApiError } from './api-error.js';
export type { ApiErrorCode } from './api-error.js';
export { memoryTokenStorage, webTokenStorage } from './token-storage.js';
export type { TokenStorage, KeyValueStorage } from './token-storage.js';
export type { LockManagerLike } from './single-flight-refresh.js';
export type {
  ErrorBody,
  ExchangeResult,
  LoginInput,
  LoginResult,
  MessageResult,
  PublicUser,
  RegisterInput,
  RegisterResult,
  ResetPasswordInput,
  RoleName,
  TokenPair,
  UserProfile,
  UserSummary,
} from './api-types.js';

export { createGatehouseClient } from './create-client.js';
export type { ClientOptions, GatehouseClient, HttpMethod } from './gatehouse-client.js';
export { GatehouseApiError } from './api-error.js';
export type { ApiErrorCode, ApiErrorKind } from './api-error.js';
export { memoryTokenStorage, webTokenStorage } from './token-storage.js';
export type { TokenStorage, KeyValueStorage } from './token-storage.js';
export type { LockManagerLike } from './single-flight-refresh.js';
export type { SessionChannelLike } from './session-channel.js';
export { readSocialRedirect } from './social-redirect.js';
export { signInWithPasskey, answerWithPasskey, reauthenticateWithPasskey, registerPasskey } from './passkey-browser.js';
export { isMfaChallenge } from './mfa-types.js';
export type {
  MfaChallenge,
  MfaVerifyInput,
  MfaStatus,
  TotpEnrollment,
  Passkey,
  PasskeyLoginOptions,
  PublicKeyCredentialJSON,
  ReauthenticationProof,
} from './mfa-types.js';
export type { SocialRedirect } from './social-redirect.js';
export type {
  AccountSession,
  ChangePasswordInput,
  UserUpdated,
  ErrorBody,
  ExchangeResult,
  LinkedIdentity,
  LoginInput,
  LoginResult,
  MessageResult,
  PublicUser,
  RegisterAccepted,
  RegisterInput,
  RegisterResult,
  ResetPasswordInput,
  RoleName,
  SocialCallbackError,
  SocialProvider,
  SocialProviderId,
  TokenPair,
  UserProfile,
  UserSummary,
} from './api-types.js';

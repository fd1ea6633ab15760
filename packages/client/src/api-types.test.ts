import type {
  ExchangeResult as CoreExchangeResult,
  IdentityView as CoreIdentityView,
  LoginResult as CoreLoginResult,
  ProviderId as CoreProviderId,
  ProviderSummary as CoreProviderSummary,
  PublicUser as CorePublicUser,
  RegisterAccepted as CoreRegisterAccepted,
  UserProfile as CoreUserProfile,
  UserSummary as CoreUserSummary,
} from '@gatehousejs/core';
import type { z } from 'zod';
import { describe, expectTypeOf, it } from 'vitest';
// The server's own request schemas and callback reasons (internal to core): the client's types must stay theirs.
import type { CallbackError as CoreCallbackError } from '../../core/src/social/account-resolution.js';
import type { loginInput, registerInput, resetPasswordInput } from '../../core/src/validation/input-schemas.js';
import type {
  ExchangeResult,
  LinkedIdentity,
  LoginInput,
  LoginResult,
  PublicUser,
  RegisterAccepted,
  RegisterInput,
  ResetPasswordInput,
  SocialCallbackError,
  SocialProvider,
  SocialProviderId,
  UserProfile,
  UserSummary,
} from './api-types.js';

describe('the client types follow the server', () => {
  it('sends exactly the fields the server schemas read', () => {
    expectTypeOf<keyof RegisterInput>().toEqualTypeOf<keyof z.input<typeof registerInput>>();
    expectTypeOf<keyof LoginInput>().toEqualTypeOf<keyof z.input<typeof loginInput>>();
    expectTypeOf<keyof ResetPasswordInput>().toEqualTypeOf<keyof z.input<typeof resetPasswordInput>>();
    expectTypeOf<RegisterInput>().toExtend<z.input<typeof registerInput>>();
    expectTypeOf<LoginInput>().toExtend<z.input<typeof loginInput>>();
  });

  it('reads every field the server views answer', () => {
    expectTypeOf<CoreUserSummary>().toExtend<UserSummary>();
    expectTypeOf<CorePublicUser>().toExtend<PublicUser>();
    expectTypeOf<CoreUserProfile>().toExtend<UserProfile>();
    expectTypeOf<CoreLoginResult>().toExtend<LoginResult>();
    expectTypeOf<CoreRegisterAccepted>().toEqualTypeOf<RegisterAccepted>();
    expectTypeOf<keyof UserProfile>().toEqualTypeOf<keyof CoreUserProfile>();
  });

  it('reads the social sign-in answers as the server gives them', () => {
    expectTypeOf<CoreProviderId>().toEqualTypeOf<SocialProviderId>();
    expectTypeOf<CoreProviderSummary>().toEqualTypeOf<SocialProvider>();
    expectTypeOf<CoreIdentityView>().toEqualTypeOf<LinkedIdentity>();
    expectTypeOf<CoreExchangeResult>().toExtend<ExchangeResult>();
    expectTypeOf<keyof ExchangeResult>().toEqualTypeOf<keyof CoreExchangeResult>();
    expectTypeOf<CoreCallbackError>().toEqualTypeOf<SocialCallbackError>();
  });
});

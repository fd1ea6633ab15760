import type { LoginResult as CoreLoginResult, PublicUser as CorePublicUser, UserProfile as CoreUserProfile, UserSummary as CoreUserSummary } from '@gatehousejs/core';
import type { z } from 'zod';
import { describe, expectTypeOf, it } from 'vitest';
// The server's own request schemas (internal to core): the client's input types must stay theirs.
import type { loginInput, registerInput, resetPasswordInput } from '../../core/src/validation/input-schemas.js';
import type { LoginInput, LoginResult, PublicUser, RegisterInput, ResetPasswordInput, UserProfile, UserSummary } from './api-types.js';

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
    expectTypeOf<keyof UserProfile>().toEqualTypeOf<keyof CoreUserProfile>();
  });
});

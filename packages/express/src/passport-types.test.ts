/// <reference types="passport" />
// An app that has @types/passport next to Gatehouse: both declare `req.user`, and the type check of
// this file (pnpm typecheck) fails with TS2717 if the two declarations stop merging.
import type { Request } from 'express';
import { describe, expectTypeOf, it } from 'vitest';
import './request-user.js';

describe('req.user with @types/passport installed', () => {
  it('is the Gatehouse payload, and Passport’s methods are there too', () => {
    expectTypeOf<NonNullable<Request['user']>['roles']>().toEqualTypeOf<import('@gatehousejs/core').AccessTokenPayload['roles']>();
    expectTypeOf<Request['isAuthenticated']>().toBeFunction();
  });
});

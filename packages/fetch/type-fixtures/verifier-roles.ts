// Compiled by test/verifier-roles.test.ts on its own, never with the other files: the `Register`
// augmentation below changes `Role` for every file of the program it is in.
import type { Role } from '@gatehousejs/core';
import { createJwksVerifier } from '@gatehousejs/http';
import { type AppRoute, type AppRouteContext, createFetchHandler, jsonResponse } from '../src/index.js';

// A resource service: the issuer's role set, told to the verifier, typed from it.
export const verifier = createJwksVerifier({
  jwksUrl: 'https://auth.example.com/api/v1/auth/jwks',
  roles: ['super', 'admin', 'manager', 'user', 'editor'] as const,
});

declare module '@gatehousejs/core' {
  interface Register {
    auth: typeof verifier;
  }
}

type AppRole = 'super' | 'admin' | 'manager' | 'user' | 'editor';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// App routes take the verifier's roles.
export const handler = createFetchHandler(verifier, {
  routes: [{ method: 'GET', path: '/drafts', roles: ['editor'], allRoles: ['editor', 'user'], handle: () => jsonResponse(200, []) }],
});

export const nope: AppRoute = {
  method: 'GET',
  path: '/nope',
  // @ts-expect-error 'nope' is not a role of the registered verifier
  roles: ['nope'],
  handle: () => jsonResponse(200, []),
};

export const roleIsRegistered: Equal<Role, AppRole> = true;
export const contextUser: Equal<NonNullable<AppRouteContext['user']>['roles'], AppRole[]> = true;

// Compiled by test/verifier-roles.test.ts on its own, never with the other files: the verifier it
// imports is registered (`Register`), which changes `Role` for every file of the program.
import type { Role } from '@gatehousejs/core';
import { type AppRole, type Equal, verifier } from '../../../tools/type-fixtures/registered-verifier.js';
import { type AppRoute, type AppRouteContext, createFetchHandler, jsonResponse } from '../src/index.js';

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

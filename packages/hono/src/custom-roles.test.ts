import { createAuth, type AccessTokenPayload } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import type { MiddlewareHandler } from 'hono';
import { describe, expectTypeOf, it } from 'vitest';
import { allRoles, roles } from './guard.js';
import type { GatehouseEnv } from './gatehouse-env.js';

const APP_ROLES = ['super', 'admin', 'manager', 'user', 'editor'] as const;
type AppRole = (typeof APP_ROLES)[number];

// The app-defined roles at run time (PUT /users/:id/roles, the hierarchy) are cases of the adapter suite.
function appAuth() {
  return createAuth({
    roles: APP_ROLES,
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
    store: createMemoryStore(),
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
  });
}

describe('Hono: roles the app defines', () => {
  it('types the guards with the instance’s roles', () => {
    const auth = appAuth();
    expectTypeOf(roles(auth, 'editor')).toEqualTypeOf<MiddlewareHandler<GatehouseEnv>>();
    expectTypeOf(allRoles(auth, 'editor', 'user')).toEqualTypeOf<MiddlewareHandler<GatehouseEnv>>();
    // @ts-expect-error 'nope' is not one of the instance's roles
    roles(auth, 'nope');
    // @ts-expect-error without `Register`, a guard without `auth` knows only the spec's four roles
    roles('editor');
    expectTypeOf(auth.roles.all).toEqualTypeOf<readonly AppRole[]>();
    expectTypeOf(auth.verifyAccessToken).returns.resolves.toEqualTypeOf<AccessTokenPayload<AppRole>>();
    expectTypeOf(auth.listUsersByRole).parameter(0).toEqualTypeOf<AppRole>();
  });
});

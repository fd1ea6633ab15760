import { createAuth, type AccessTokenPayload } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createOpenApiDocument } from '@gatehousejs/http';
import { createMemoryStore } from '@gatehousejs/store-memory';
import type { RequestHandler } from 'express';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { allRoles, roles } from './guard.js';

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

describe('Express: roles the app defines', () => {
  it('documents the instance’s roles in its OpenAPI document', () => {
    const document = createOpenApiDocument({ auth: appAuth() });
    const put = document.paths['/api/v1/users/{id}/roles']!.put as {
      requestBody: { content: Record<string, { schema: { properties: { roles: { items: { enum: string[] } } } } }> };
    };
    expect(put.requestBody.content['application/json']!.schema.properties.roles.items.enum).toEqual([...APP_ROLES]);
  });

  it('types the guards with the instance’s roles', () => {
    const auth = appAuth();
    expectTypeOf(roles(auth, 'editor')).toEqualTypeOf<RequestHandler>();
    expectTypeOf(allRoles(auth, 'editor', 'user')).toEqualTypeOf<RequestHandler>();
    // @ts-expect-error 'nope' is not one of the instance's roles
    roles(auth, 'nope');
    // @ts-expect-error without `Register`, a guard without `auth` knows only the spec's four roles
    roles('editor');
    expectTypeOf(auth.roles.all).toEqualTypeOf<readonly AppRole[]>();
    expectTypeOf(auth.verifyAccessToken).returns.resolves.toEqualTypeOf<AccessTokenPayload<AppRole>>();
    expectTypeOf(auth.listUsersByRole).parameter(0).toEqualTypeOf<AppRole>();
  });
});

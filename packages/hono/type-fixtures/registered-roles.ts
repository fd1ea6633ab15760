// Compiled by test/registered-roles.test.ts on its own, never with the other files: the
// `Register` augmentation below changes `Role` for every file of the program it is in.
import { createAuth, type AccessTokenPayload, type Role } from '@gatehousejs/core';
import { createMemoryStore } from '@gatehousejs/store-memory';
import type { Context } from 'hono';
import { allRoles, type requireUser, roles, type GatehouseEnv } from '../src/index.js';

export const auth = createAuth({
  roles: ['super', 'admin', 'manager', 'user', 'editor'] as const,
  config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
  store: createMemoryStore(),
  mailer: { send: async () => {} },
});

declare module '@gatehousejs/core' {
  interface Register {
    auth: typeof auth;
  }
}

type AppRole = 'super' | 'admin' | 'manager' | 'user' | 'editor';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Guards without `auth` take the registered roles.
export const drafts = [roles('editor'), allRoles('editor', 'user')];
// @ts-expect-error 'nope' is not a registered role
roles('nope');

export const roleIsRegistered: Equal<Role, AppRole> = true;
export function contextUser(c: Context<GatehouseEnv>): boolean {
  const user = c.get('user');
  const typed: Equal<NonNullable<typeof user>['roles'], AppRole[]> = true;
  return typed;
}
export const requiredUser: Equal<ReturnType<typeof requireUser>, AccessTokenPayload<AppRole>> = true;

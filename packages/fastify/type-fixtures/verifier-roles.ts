// Compiled by test/verifier-roles.test.ts on its own, never with the other files: the `Register`
// augmentation below changes `Role` for every file of the program it is in.
import type { Role } from '@gatehousejs/core';
import { createJwksVerifier } from '@gatehousejs/http';
import Fastify, { type FastifyRequest } from 'fastify';
import { gatehouse } from '../src/index.js';

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

export async function resourceService() {
  const app = Fastify();
  await app.register(gatehouse, { auth: verifier });
  // Route config takes the verifier's roles.
  app.get('/drafts', { config: { roles: ['editor'], allRoles: ['editor', 'user'] } }, async () => []);
  // @ts-expect-error 'nope' is not a role of the registered verifier
  app.get('/nope', { config: { roles: ['nope'] } }, async () => []);
  // @ts-expect-error 'nope' is not a role of the registered verifier
  app.get('/all-nope', { config: { allRoles: ['editor', 'nope'] } }, async () => []);
  return app;
}

export const roleIsRegistered: Equal<Role, AppRole> = true;
export const requestUser: Equal<NonNullable<FastifyRequest['user']>['roles'], AppRole[]> = true;

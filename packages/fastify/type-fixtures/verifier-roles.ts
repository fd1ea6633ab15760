// Compiled by test/verifier-roles.test.ts on its own, never with the other files: the verifier it
// imports is registered (`Register`), which changes `Role` for every file of the program.
import type { Role } from '@gatehousejs/core';
import { type AppRole, type Equal, verifier } from '../../../tools/type-fixtures/registered-verifier.js';
import Fastify, { type FastifyRequest } from 'fastify';
import { gatehouse } from '../src/index.js';

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

// Compiled by test/verifier-roles.test.ts on its own, never with the other files: the verifier it
// imports is registered (`Register`), which changes `Role` for every file of the program.
import type { Role } from '@gatehousejs/core';
import { type AppRole, type Equal, verifier } from '../../../tools/type-fixtures/registered-verifier.js';
import { AllRoles, GatehouseModule, Roles } from '../src/index.js';

export const module = GatehouseModule.forRoot({ auth: verifier });
// The decorators take the verifier's roles.
export const drafts = [Roles('editor'), AllRoles('editor', 'user')];
// @ts-expect-error 'nope' is not a role of the registered verifier
Roles('nope');
// @ts-expect-error 'nope' is not a role of the registered verifier
AllRoles('editor', 'nope');

export const roleIsRegistered: Equal<Role, AppRole> = true;

import { ROLES } from '../roles/roles.js';
import { forgotPasswordInput, loginInput, refreshInput, registerInput, resetPasswordInput, verifyEmailInput } from './input-schemas.js';
import { roleInputsFor } from './role-inputs.js';

/** The request schemas for a role set; `auth.requestSchemas` holds those of one auth instance. */
export function requestSchemasFor(roles: readonly string[]) {
  const byRoles = roleInputsFor(roles);
  return Object.freeze({
    register: registerInput,
    login: loginInput,
    refreshToken: refreshInput,
    verifyEmail: verifyEmailInput,
    forgotPassword: forgotPasswordInput,
    resetPassword: resetPasswordInput,
    setRoles: byRoles.setRoles,
    listUsers: byRoles.listUsers,
  });
}

/** The zod schemas of the requests, by route, for documentation generators. */
export type RequestSchemas = ReturnType<typeof requestSchemasFor>;

/**
 * The zod schemas core validates request bodies and queries with, by route, for the spec's four
 * roles; an auth instance's own (its role set) are `auth.requestSchemas`. For documentation
 * generators (the OpenAPI document of `@gatehousejs/http` is built from them). Validation itself
 * happens inside the flows; an app never needs to call these.
 */
export const REQUEST_SCHEMAS: RequestSchemas = requestSchemasFor(ROLES);

import { listUsersQuery } from '../flows/manage-users.js';
import {
  forgotPasswordInput,
  loginInput,
  refreshInput,
  registerInput,
  resetPasswordInput,
  setRolesInput,
  verifyEmailInput,
} from './input-schemas.js';

/**
 * The zod schemas core validates request bodies and queries with, by route, for documentation
 * generators (the OpenAPI document of `@gatehousejs/http` is built from them). Validation itself
 * happens inside the flows; an app never needs to call these.
 */
export const REQUEST_SCHEMAS = Object.freeze({
  register: registerInput,
  login: loginInput,
  refreshToken: refreshInput,
  verifyEmail: verifyEmailInput,
  forgotPassword: forgotPasswordInput,
  resetPassword: resetPasswordInput,
  setRoles: setRolesInput,
  listUsers: listUsersQuery,
});

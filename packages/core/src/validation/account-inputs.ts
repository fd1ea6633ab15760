import { z } from 'zod';
import { LIMITS, resetPasswordInput } from './input-schemas.js';

/** The current password as typed: only its length is checked, the hash decides the rest. */
const currentPassword = z.string().min(1, 'is required').max(LIMITS.passwordMax, `must be at most ${LIMITS.passwordMax} characters`);

/** `POST /auth/reauthenticate` and `DELETE /users/me`. */
export const confirmPasswordInput = z.object({ password: currentPassword });

/** `PUT /users/me/password`: the new password follows the registration rules (reset's schema). */
export const changePasswordInput = z.object({
  currentPassword,
  password: resetPasswordInput.shape.password,
  confirmPassword: resetPasswordInput.shape.confirmPassword,
});

/** `PUT /users/:id/status`. */
export const accountStatusInput = z.object({ disabled: z.boolean({ error: 'must be true or false' }) });

/** A session id of `DELETE /users/me/sessions/:id`: anything else is no session of the caller. */
export const PLAUSIBLE_SESSION_ID = /^[\w-]{1,64}$/;

/** The request schemas of the account-security routes, for documentation generators (OpenAPI). */
export const ACCOUNT_REQUEST_SCHEMAS = Object.freeze({
  confirmPassword: confirmPasswordInput,
  changePassword: changePasswordInput,
  accountStatus: accountStatusInput,
});

import { z } from 'zod';

export const USER_PAGE_DEFAULT_LIMIT = 100;
export const USER_PAGE_MAX_LIMIT = 500;

// Query values arrive as strings (a repeated key as an array, which fails as "must be a string").
const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a non-negative whole number`)
    .transform(Number);

/**
 * The request schemas whose validation depends on the configured role set: the body of
 * `PUT /users/:id/roles` and the query of `GET /users` (its `role` filter). Built once per auth
 * instance from its roles, so `editor` is valid exactly where it is configured.
 */
export function roleInputsFor(roles: readonly string[]) {
  const list = roles.join(', ');
  return Object.freeze({
    setRoles: z.object({
      roles: z.array(z.enum(roles, { message: `must be one of ${list}` })).max(roles.length * 4),
    }),
    listUsers: z.object({
      limit: wholeNumber('limit')
        .pipe(z.number().min(1, 'limit must be at least 1').max(USER_PAGE_MAX_LIMIT, `limit must be at most ${USER_PAGE_MAX_LIMIT}`))
        .optional(),
      offset: wholeNumber('offset').optional(),
      // Without the field name: `parseInput` puts the path in front of every message.
      role: z.enum(roles, { message: `must be one of ${list}` }).optional(),
    }),
  });
}

export type RoleInputs = ReturnType<typeof roleInputsFor>;

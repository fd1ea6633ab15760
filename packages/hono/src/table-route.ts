import type { RoleRequirement } from '@gatehousejs/core';
import { assertRoles, markPublic, markRoleRequirement, markUnconfirmedAllowed } from '@gatehousejs/http';
import type { Context, Handler } from 'hono';
import type { routeAdmission } from './admission.js';
import type { GatehouseEnv } from './gatehouse-env.js';

/** Who may call a route of the library's tables, as the table says. */
export interface TableRouteAccess {
  access: 'public' | 'protected' | 'unconfirmed-allowed';
  /** Any of these roles (checked after the token); none: any signed-in account. */
  roles?: RoleRequirement<string> | undefined;
}

/**
 * One route of the library's route tables (`authRoutes`, `userRoutes`) as a single Hono handler:
 * it admits the request as its table entry declares (`routeAdmission`: path, token, body), checks
 * the roles, and answers. One handler rather than markers, the guard and the answer as a chain:
 * Hono runs a route that is the only match of its request without composing a chain, and the
 * declaration is known here, so nothing has to be looked up per request. The handler carries the
 * same markers a declaration with `publicRoute` or `unconfirmedAllowed` would, so the guard of a
 * `secureRoutes` app the table is mounted in judges it alike.
 */
export function tableRoute(
  admit: ReturnType<typeof routeAdmission>,
  declared: TableRouteAccess,
  answer: (c: Context<GatehouseEnv>) => Promise<Response>,
): Handler<GatehouseEnv> {
  const decision = Object.freeze({ access: declared.access, readsForm: false });
  const { roles } = declared;
  const respond = roles
    ? (c: Context<GatehouseEnv>) => {
        assertRoles(c, roles);
        return answer(c);
      }
    : answer;
  const handler: Handler<GatehouseEnv> = (c) => admit(c, decision, () => respond(c));
  if (declared.access === 'public') markPublic(handler);
  if (declared.access === 'unconfirmed-allowed') markUnconfirmedAllowed(handler);
  if (roles) markRoleRequirement(handler, roles);
  return handler;
}

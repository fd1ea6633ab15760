import type { AccessTokenPayload, Auth } from '@gatehousejs/core';
import { ACCOUNT_USER_ROUTES } from './account-routes.js';
import type { Route, RouteInput, RouteResult } from './route.js';
import { READINESS_ROUTE } from './readiness-route.js';
import { MFA_USER_ROUTES, withAdminMfa } from './mfa-routes.js';
import { PASSKEY_USER_ROUTES } from './passkey-routes.js';

/** What a user route reads: the kernel's one `RouteInput`, with the caller always verified. */
export type UserRouteInput = RouteInput & { user: AccessTokenPayload<string>; params: Readonly<Record<string, string | undefined>> };

/**
 * One user-management route of CONTRACT §8 (the one `Route` shape, `roles` always said); paths are
 * relative to `/api/v1`. None is public but readiness (`access: 'public'`): the kernel admits each
 * with a valid token, and with `roles` (any of them) when set, so a route that forgot to say who
 * may call it still needs a valid token.
 */
export interface UserRoute extends Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Any of these roles may call it; `undefined`: any authenticated user. */
  roles: readonly string[] | undefined;
  handle(auth: Auth<string>, input: UserRouteInput): Promise<RouteResult>;
}

// The administrators of CONTRACT §8, whatever roles the app adds; the flows check the store too.
const ADMINS: readonly string[] = Object.freeze(['admin', 'super'] as const);

/** The `:id` of the path. Adapters always pass it for routes that declare it. */
const targetId = (input: UserRouteInput): string => input.params.id ?? '';

/**
 * The `/api/v1/users` routes of CONTRACT §8, with readiness (`/api/v1/health/ready`) at their head.
 * Adapters mount them in this order (`/users/me` before `/users/:id`); the rules are in core
 * (`Auth`), the table only says who may call what.
 */
const TABLE: readonly UserRoute[] = Object.freeze([
  READINESS_ROUTE,
  ...ACCOUNT_USER_ROUTES,
  {
    method: 'GET',
    path: '/users/me',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.getUserProfile(i.user.id) }),
  },
  {
    method: 'GET',
    path: '/users',
    roles: ADMINS,
    handle: async (a, i) => ({ status: 200, body: await a.listUsersPage(i.user, i.query) }),
  },
  {
    method: 'GET',
    path: '/users/:id',
    roles: ADMINS,
    handle: async (a, i) => ({ status: 200, body: await a.getUserProfileFor(i.user, targetId(i)) }),
  },
  {
    method: 'PUT',
    path: '/users/:id/roles',
    roles: ADMINS,
    handle: async (a, i) => ({
      status: 200,
      body: {
        message: 'Roles updated. They apply from the next login or token refresh.',
        user: await a.setRoles(i.user, targetId(i), i.body, i.client),
      },
    }),
  },
  {
    method: 'GET',
    path: '/users/me/identities',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.social.listIdentities(i.user.id) }),
  },
  {
    method: 'DELETE',
    path: '/users/me/identities/:provider',
    roles: undefined,
    handle: async (a, i) => {
      await a.social.unlinkIdentity(i.user.id, i.params.provider);
      return { status: 204 };
    },
  },
  {
    method: 'PUT',
    path: '/users/me/email',
    roles: undefined,
    allowsUnconfirmed: true,
    handle: async (a, i) => ({ status: 202, body: await a.requestEmailChange(i.user, i.body, i.client) }),
  },
  {
    method: 'DELETE',
    path: '/users/:id/sessions',
    roles: ADMINS,
    handle: async (a, i) => {
      await a.revokeUserSessions(i.user, targetId(i), i.client);
      return { status: 204 };
    },
  },
  ...MFA_USER_ROUTES,
  ...PASSKEY_USER_ROUTES,
] satisfies UserRoute[]);

/** The table, its administrators' routes under `mfa.requireForAdmins` (`withAdminMfa`). */
export const USER_ROUTES: readonly UserRoute[] = Object.freeze(withAdminMfa(TABLE));

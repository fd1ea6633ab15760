import { AuthError, type AccessTokenPayload } from '@gatehousejs/core';
import type { AuthRoute, AuthRouteInput } from './auth-routes.js';
import { endedSessionAnswer } from '../session-cookies/session-answer.js';
import type { UserRoute } from './user-routes.js';

// The administrators of CONTRACT §8; the flow checks the store and the grant rule too.
const ADMINS: readonly string[] = Object.freeze(['admin', 'super'] as const);

const requireUser = (input: AuthRouteInput): AccessTokenPayload<string> => {
  // The adapter's guard runs before any 'authenticated' route; reaching here without a user is a bug.
  if (!input.user) throw new AuthError('INTERNAL_ERROR', 'authenticated route reached without a verified user');
  return input.user;
};

/** `POST /auth/reauthenticate` (CONTRACT §9), spread into `AUTH_ROUTES`. */
export const ACCOUNT_AUTH_ROUTES: readonly AuthRoute[] = Object.freeze([
  {
    method: 'POST',
    path: '/reauthenticate',
    access: 'authenticated',
    handle: async (a, i) => ({ status: 200, body: await a.reauthenticate(requireUser(i), i.body, i.client) }),
  },
] satisfies AuthRoute[]);

/**
 * The account-security routes of CONTRACT §9 under `/users`, spread at the head of `USER_ROUTES`:
 * `/users/me/sessions` must be matched before `/users/:id/sessions` would take `me` for an id.
 */
export const ACCOUNT_USER_ROUTES: readonly UserRoute[] = Object.freeze([
  {
    method: 'PUT',
    path: '/users/me/password',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.changePassword(i.user, i.body, i.client) }),
  },
  {
    method: 'GET',
    path: '/users/me/sessions',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.listSessions(i.user) }),
  },
  {
    method: 'DELETE',
    path: '/users/me/sessions/:id',
    roles: undefined,
    handle: async (a, i) => {
      await a.endSession(i.user, i.params.id ?? '', i.client);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    path: '/users/me/sessions',
    roles: undefined,
    handle: async (a, i) => {
      await a.endOtherSessions(i.user, i.client);
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    path: '/users/me',
    roles: undefined,
    handle: async (a, i) => {
      await a.deleteAccount(i.user, i.body, i.client);
      // In cookie mode the browser's session cookies go with the account.
      return endedSessionAnswer(a, i);
    },
  },
  {
    method: 'PUT',
    path: '/users/:id/status',
    roles: ADMINS,
    handle: async (a, i) => {
      const user = await a.setAccountStatus(i.user, i.params.id ?? '', i.body, i.client);
      const message = user.disabledAt ? 'The account is disabled and signed out everywhere.' : 'The account is enabled.';
      return { status: 200, body: { message, user } };
    },
  },
] satisfies UserRoute[]);

import type { AuthRoute } from './auth-routes.js';
import { assertSignInOrigin, sessionAnswer } from '../session-cookies/session-answer.js';
import type { UserRoute } from './user-routes.js';

const passkeyId = (params: Readonly<Record<string, string | undefined>>) => params.id ?? '';

/** The passkey routes of CONTRACT §9 under `/api/v1/users/me/passkeys` (spread into `USER_ROUTES`); rules in core (`auth.passkeys`). */
export const PASSKEY_USER_ROUTES: readonly UserRoute[] = Object.freeze([
  {
    method: 'POST',
    path: '/users/me/passkeys/options',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.passkeys.registrationOptions(i.user) }),
  },
  {
    method: 'POST',
    path: '/users/me/passkeys',
    roles: undefined,
    handle: async (a, i) => ({ status: 201, body: await a.passkeys.register(i.user, i.body, i.client) }),
  },
  {
    method: 'GET',
    path: '/users/me/passkeys',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.passkeys.list(i.user.id) }),
  },
  {
    method: 'PUT',
    path: '/users/me/passkeys/:id',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.passkeys.rename(i.user.id, passkeyId(i.params), i.body) }),
  },
  {
    method: 'DELETE',
    path: '/users/me/passkeys/:id',
    roles: undefined,
    handle: async (a, i) => {
      await a.passkeys.remove(i.user, passkeyId(i.params), i.client);
      return { status: 204 };
    },
  },
] satisfies UserRoute[]);

/** `POST /api/v1/auth/passkey/options` and `/passkey/login` (spread into `AUTH_ROUTES`): passwordless sign-in. */
export const PASSKEY_AUTH_ROUTES: readonly AuthRoute[] = Object.freeze([
  {
    method: 'POST',
    path: '/passkey/options',
    access: 'public',
    handle: async (a, i) => ({ status: 200, body: await a.passkeys.loginOptions(i.body, i.client) }),
  },
  {
    method: 'POST',
    path: '/passkey/login',
    access: 'public',
    // Signs in: in cookie mode the refresh token goes into the session cookie, from a trusted origin only.
    handle: async (a, i) => {
      assertSignInOrigin(a, i);
      return sessionAnswer(a, i, 200, await a.passkeys.login(i.body, i.client));
    },
  },
] satisfies AuthRoute[]);

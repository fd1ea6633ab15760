import type { AuthRoute } from './auth-routes.js';
import { assertSignInOrigin, sessionAnswer } from '../session-cookies/session-answer.js';
import type { UserRoute } from './user-routes.js';

/**
 * The second-factor routes of CONTRACT §9 under `/api/v1/users/me/mfa` (spread into `USER_ROUTES`).
 * The rules, including the recent-authentication checks, are in core (`auth.mfa`).
 */
export const MFA_USER_ROUTES: readonly UserRoute[] = Object.freeze([
  {
    method: 'GET',
    path: '/users/me/mfa',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.mfa.status(i.user.id) }),
  },
  {
    method: 'POST',
    path: '/users/me/mfa/totp',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.mfa.startTotpEnrollment(i.user, i.client) }),
  },
  {
    method: 'POST',
    path: '/users/me/mfa/totp/confirm',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.mfa.confirmTotp(i.user.id, i.body, i.client) }),
  },
  {
    method: 'DELETE',
    path: '/users/me/mfa/totp',
    roles: undefined,
    handle: async (a, i) => {
      await a.mfa.disableTotp(i.user, i.client);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/users/me/mfa/recovery-codes',
    roles: undefined,
    handle: async (a, i) => ({ status: 200, body: await a.mfa.regenerateRecoveryCodes(i.user, i.client) }),
  },
  {
    method: 'DELETE',
    path: '/users/:id/mfa',
    roles: Object.freeze(['admin', 'super']),
    handle: async (a, i) => {
      await a.mfa.resetFactors(i.user, i.params.id ?? '', i.client);
      return { status: 204 };
    },
  },
] satisfies UserRoute[]);

/** `POST /api/v1/auth/mfa/verify` (spread into `AUTH_ROUTES`): the mfaToken in the body is the credential. */
export const MFA_AUTH_ROUTES: readonly AuthRoute[] = Object.freeze([
  {
    method: 'POST',
    path: '/mfa/verify',
    access: 'public',
    // Signs in: in cookie mode the refresh token goes into the session cookie, from a trusted origin only.
    handle: async (a, i) => {
      assertSignInOrigin(a, i);
      return sessionAnswer(a, i, 200, await a.mfa.verify(i.body, i.client));
    },
  },
] satisfies AuthRoute[]);

/**
 * The administrators' routes of a table (those that name roles) with the second-factor rule of
 * `mfa.requireForAdmins` (`ADMIN_REQUIRE_MFA`): after the role check, a token without `mfa` in its
 * `amr` gets 403 `MFA_REQUIRED`. Other routes are left as they are.
 */
export function withAdminMfa(routes: readonly UserRoute[]): UserRoute[] {
  return routes.map((route) =>
    route.roles === undefined
      ? route
      : {
          ...route,
          handle: (auth, input) => {
            if (auth.mfa.config.requireForAdmins) auth.mfa.assertMultiFactor(input.user);
            return route.handle(auth, input);
          },
        },
  );
}

import type { AccessTokenPayload, Auth } from '@gatehouse/core';

export interface AuthRouteInput {
  body: unknown;
  query: Record<string, unknown>;
  /** Set for routes with `access: 'authenticated'`, by the adapter's guard. */
  user: AccessTokenPayload | undefined;
}

export interface AuthRouteResult {
  status: number;
  body?: unknown;
}

/** One route of CONTRACT §1, independent of any framework; paths are relative to `/api/v1/auth`. */
export interface AuthRoute {
  method: 'GET' | 'POST';
  path: string;
  access: 'public' | 'authenticated';
  handle(auth: Auth, input: AuthRouteInput): Promise<AuthRouteResult>;
}

const requireUser = (input: AuthRouteInput): AccessTokenPayload => {
  // The adapter's guard runs before any 'authenticated' route; reaching here without a user is a bug.
  if (!input.user) throw new Error('authenticated route reached without a verified user');
  return input.user;
};

/** The `/api/v1/auth` routes of CONTRACT §1. Adapters mount these; they hold no rule of their own. */
export const AUTH_ROUTES: readonly AuthRoute[] = Object.freeze([
  { method: 'POST', path: '/register', access: 'public', handle: async (a, i) => ({ status: 201, body: await a.register(i.body) }) },
  { method: 'POST', path: '/login', access: 'public', handle: async (a, i) => ({ status: 200, body: await a.login(i.body) }) },
  { method: 'POST', path: '/refresh-token', access: 'public', handle: async (a, i) => ({ status: 200, body: await a.refresh(i.body) }) },
  {
    method: 'POST',
    path: '/verify-token',
    access: 'authenticated',
    handle: async (a, i) => ({ status: 200, body: a.describeToken(requireUser(i)) }),
  },
  { method: 'GET', path: '/verify-email', access: 'public', handle: async (a, i) => ({ status: 200, body: await a.verifyEmail(i.query) }) },
  { method: 'POST', path: '/forgot-password', access: 'public', handle: async (a, i) => ({ status: 200, body: await a.forgotPassword(i.body) }) },
  { method: 'POST', path: '/reset-password', access: 'public', handle: async (a, i) => ({ status: 200, body: await a.resetPassword(i.body) }) },
  {
    method: 'POST',
    path: '/logout',
    access: 'public',
    handle: async (a, i) => {
      await a.logout(i.body);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/logout-all',
    access: 'authenticated',
    handle: async (a, i) => {
      await a.logoutAll(requireUser(i).id);
      return { status: 204 };
    },
  },
] satisfies AuthRoute[]);

import { isRole, type Auth } from '@gatehouse/core';
import { jsonResponse, publicRoute, roles, secureRoutes, type GatehouseEnv } from '@gatehouse/hono';
import { HttpError, queryFromSearchParams } from '@gatehouse/http';
import type { Hono } from 'hono';

function pageParam(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) {
    throw new HttpError(400, `${name} must be a non-negative whole number.`);
  }
  return Number(value);
}

/**
 * The example's resource routes of CONTRACT §7. Each route says who may call it; none says
 * "authenticated" because `secureRoutes` already denies anonymous callers by default. Answers go
 * through `jsonResponse`, so they carry the same `Content-Type` as on Express.
 */
export function resourceRoutes(auth: Auth): Hono<GatehouseEnv> {
  const api = secureRoutes(auth);

  api.get('/health', publicRoute, (c) => jsonResponse(c, 200, { status: 'ok' }));

  api.get('/users/me', async (c) => jsonResponse(c, 200, await auth.getUserProfile(c.get('user').id)));

  api.get('/users', roles('admin', 'super'), async (c) => {
    // The same query shape as Express (a repeated key is an array), so both refuse `?role=a&role=b`.
    const query = queryFromSearchParams(new URL(c.req.url).searchParams);
    if (query.role !== undefined) {
      if (!isRole(query.role)) throw new HttpError(400, 'role must be one of super, admin, manager, user.');
      return jsonResponse(c, 200, { users: await auth.listUsersByRole(query.role) });
    }
    const limit = pageParam(query.limit, 'limit');
    const offset = pageParam(query.offset, 'offset');
    return jsonResponse(c, 200, { users: await auth.listUsers({ limit, offset }) });
  });

  api.put('/users/:id/roles', roles('super', 'admin'), async (c) => {
    const user = await auth.setRoles(c.get('user'), c.req.param('id'), c.get('body'));
    return jsonResponse(c, 200, { message: 'Roles updated. They apply from the next login or token refresh.', user });
  });

  api.get('/reports', roles('manager', 'admin', 'super'), (c) =>
    jsonResponse(c, 200, {
      reports: [
        { id: 'signups-weekly', title: 'Weekly sign-ups' },
        { id: 'active-users', title: 'Active users' },
      ],
    }),
  );

  return api;
}

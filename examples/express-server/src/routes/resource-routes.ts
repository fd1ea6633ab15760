import { isRole, type Auth } from '@gatehouse/core';
import { HttpError } from '@gatehouse/http';
import { publicRoute, roles, secureRouter } from '@gatehouse/express';
import type { Request, Router } from 'express';

/** The verified user of a protected route; the guard has run, so it is always there. */
function currentUser(req: Request) {
  if (!req.user) throw new Error('protected route reached without a verified user');
  return req.user;
}

function pageParam(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) {
    throw new HttpError(400, `${name} must be a non-negative whole number.`);
  }
  return Number(value);
}

/**
 * The example's resource routes of CONTRACT §7. Each route says who may call it; none says
 * "authenticated" because the secure router already denies anonymous callers by default.
 */
export function resourceRoutes(auth: Auth): Router {
  const api = secureRouter(auth);

  api.get('/health', publicRoute, (_req, res) => {
    res.json({ status: 'ok' });
  });

  api.get('/users/me', async (req, res) => {
    res.json(await auth.getUserProfile(currentUser(req).id));
  });

  api.get('/users', roles('admin', 'super'), async (req, res) => {
    const role = req.query.role;
    if (role !== undefined) {
      if (!isRole(role)) throw new HttpError(400, 'role must be one of super, admin, manager, user.');
      res.json({ users: await auth.listUsersByRole(role) });
      return;
    }
    const limit = pageParam(req.query.limit, 'limit');
    const offset = pageParam(req.query.offset, 'offset');
    res.json({ users: await auth.listUsers({ limit, offset }) });
  });

  api.put('/users/:id/roles', roles('super', 'admin'), async (req, res) => {
    const user = await auth.setRoles(currentUser(req), String(req.params.id), req.body);
    res.json({ message: 'Roles updated. They apply from the next login or token refresh.', user });
  });

  api.get('/reports', roles('manager', 'admin', 'super'), (_req, res) => {
    res.json({
      reports: [
        { id: 'signups-weekly', title: 'Weekly sign-ups' },
        { id: 'active-users', title: 'Active users' },
      ],
    });
  });

  return api;
}

import { anyOf } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { queryFromSearchParams } from '../rules/query-params.js';
import {
  declarationIsPublic,
  isGuardMarker,
  isPublicMarker,
  isRoleMarker,
  markFormBody,
  markGuard,
  markPublic,
  markRoleRequirement,
  markUnconfirmedAllowed,
  readsFormBody,
  routeAccess,
} from './route-guard.js';

const publicMarker = markPublic(() => {});
const adminOnly = markRoleRequirement(() => {}, anyOf('admin'));
const handler = () => {};
const unconfirmed = markUnconfirmedAllowed(() => {});
const formReader = markFormBody(() => {});

describe('routeAccess (deny by default, for every adapter)', () => {
  it('protects a route with no annotation', () => {
    expect(routeAccess([[handler]])).toBe('protected');
  });

  it('opens a route only when it carries the public marker', () => {
    expect(routeAccess([[publicMarker, handler]])).toBe('public');
  });

  it('protects the request when any one of the matching routes is not public', () => {
    expect(routeAccess([[publicMarker, handler], [handler]])).toBe('protected');
    expect(routeAccess([[handler], [publicMarker, handler]])).toBe('protected');
  });

  it('protects a route marked public that also requires roles: the role check needs a verified user', () => {
    expect(routeAccess([[publicMarker, adminOnly, handler]])).toBe('protected');
    expect(declarationIsPublic([adminOnly, publicMarker])).toBe(false);
  });

  it('says unmatched when no route matches, so the request goes on to the 404', () => {
    expect(routeAccess([])).toBe('unmatched');
  });

  it('lets an unconfirmed account through only where every matching route allows it, and never with a role requirement', () => {
    expect(routeAccess([[unconfirmed, handler]])).toBe('unconfirmed-allowed');
    expect(
      routeAccess([
        [unconfirmed, handler],
        [publicMarker, handler],
      ]),
    ).toBe('unconfirmed-allowed');
    expect(routeAccess([[unconfirmed, handler], [handler]])).toBe('protected');
    expect(routeAccess([[handler], [unconfirmed, handler]])).toBe('protected');
    expect(routeAccess([[unconfirmed, adminOnly, handler]])).toBe('protected');
  });

  it('leaves the body to a form reader only when every matching route has one (JSON rule otherwise)', () => {
    expect(readsFormBody([[publicMarker, formReader, handler]])).toBe(true);
    expect(
      readsFormBody([
        [publicMarker, formReader, handler],
        [publicMarker, handler],
      ]),
    ).toBe(false);
    expect(readsFormBody([[publicMarker, handler]])).toBe(false);
    expect(readsFormBody([])).toBe(false);
  });

  it('recognises only marked functions', () => {
    expect([isPublicMarker(publicMarker), isPublicMarker(handler), isPublicMarker(null)]).toEqual([true, false, false]);
    expect([isRoleMarker(adminOnly), isRoleMarker(publicMarker)]).toEqual([true, false]);
    expect([isGuardMarker(markGuard(() => {})), isGuardMarker(handler)]).toEqual([true, false]);
  });
});

describe('queryFromSearchParams', () => {
  it('gives a string for one value and an array for a repeated key, like Express', () => {
    expect({ ...queryFromSearchParams(new URLSearchParams('token=a&x=1&token=b&q=a+b')) }).toEqual({ token: ['a', 'b'], x: '1', q: 'a b' });
  });
});

import { anyOf } from '@gatehouse/core';
import { describe, expect, it } from 'vitest';
import { queryFromSearchParams } from './query-params.js';
import { guardRoute, isPublicMarker, isRoleMarker, markPublic, markRoleRequirement } from './route-guard.js';

const parts = { authenticate: 'authenticate', body: 'body' };
const publicMarker = markPublic(() => {});
const adminOnly = markRoleRequirement(() => {}, anyOf('admin'));
const handler = () => {};

describe('guardRoute (deny by default, for every adapter)', () => {
  it('puts the guard, then the body rules, in front of a route with no annotation', () => {
    expect(guardRoute('/x', [handler], parts as never)).toEqual(['authenticate', 'body', handler]);
  });

  it('keeps role checks after the guard', () => {
    expect(guardRoute('/x', [adminOnly, handler], parts as never)).toEqual(['authenticate', 'body', adminOnly, handler]);
  });

  it('skips the guard only for a route carrying the public marker, and drops the marker', () => {
    expect(guardRoute('/x', [publicMarker, handler], parts as never)).toEqual(['body', handler]);
  });

  it('refuses a route that is both public and role-guarded, naming it', () => {
    expect(() => guardRoute('/odd', [publicMarker, adminOnly, handler], parts as never)).toThrow(
      'Route /odd is marked public and also requires roles; choose one.',
    );
  });

  it('recognises only marked functions', () => {
    expect([isPublicMarker(publicMarker), isPublicMarker(handler), isPublicMarker(null)]).toEqual([true, false, false]);
    expect([isRoleMarker(adminOnly), isRoleMarker(publicMarker)]).toEqual([true, false]);
  });
});

describe('queryFromSearchParams', () => {
  it('gives a string for one value and an array for a repeated key, like Express', () => {
    expect({ ...queryFromSearchParams(new URLSearchParams('token=a&x=1&token=b&q=a+b')) }).toEqual({ token: ['a', 'b'], x: '1', q: 'a b' });
  });
});

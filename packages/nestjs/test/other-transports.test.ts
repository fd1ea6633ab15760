import 'reflect-metadata';
import { createAuth } from '@gatehousejs/core';
import { createFakeHasher } from '@gatehousejs/core/testing';
import { createKernel } from '@gatehousejs/http/adapter';
import { createMemoryStore } from '@gatehousejs/store-memory';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { GatehouseGuard, Public, Roles } from '../src/index.js';

const auth = createAuth({
  config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32) },
  store: createMemoryStore(),
  mailer: { send: async () => {} },
  hasher: createFakeHasher(),
});
const guard = new GatehouseGuard(createKernel(auth), new Reflector());

class Gateway {
  @Public() open() {}
  closed() {}
  @Public() @Roles('admin') openWithRoles() {}
}

/** A WebSocket handler's context, as Nest builds it: no HTTP request to read a token from. */
const wsContext = (handler: () => void): ExecutionContext =>
  ({
    getType: () => 'ws',
    getHandler: () => handler,
    getClass: () => Gateway,
    switchToHttp: () => {
      throw new Error('not an HTTP request');
    },
  }) as unknown as ExecutionContext;

describe('the global guard on other transports', () => {
  it('denies a handler of another transport unless it is public without roles', async () => {
    const gateway = Gateway.prototype;
    expect(await guard.canActivate(wsContext(gateway.closed))).toBe(false);
    expect(await guard.canActivate(wsContext(gateway.openWithRoles))).toBe(false);
    expect(await guard.canActivate(wsContext(gateway.open))).toBe(true);
  });
});

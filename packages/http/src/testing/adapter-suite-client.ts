import { createAuth, type Auth } from '@gatehousejs/core';
import type { AuthStore } from '@gatehousejs/core/ports';
import { createFakeHasher, type FakeClock } from '@gatehousejs/core/testing';
import { expect } from 'vitest';
import type { AdapterApp } from './adapter-suite.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The contract's error body for `code`, any sentence. */
export const errorBody = (statusCode: number, error: string, code: string) => ({ statusCode, error, code, message: expect.any(String) });

/** What the suite's requests answer: status, headers, text and the parsed JSON body. */
export interface AdapterAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown> | undefined;
}

export type AdapterCall = (
  method: string,
  path: string,
  init?: { token?: string | undefined; headers?: [string, string][]; body?: string },
) => Promise<AdapterAnswer>;

/** Requests to the app `appOf()` gives when the request is made (it is built in a `beforeAll`). */
export function adapterClient(appOf: () => AdapterApp): AdapterCall {
  return async (method, path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    const res = await appOf().fetch(new Request(`http://adapter.test${path}`, { method, headers, body: init.body ?? null }));
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
  };
}

/** The suite's auth: a fake clock (the recent-authentication case moves it), the fake hasher, tokens valid an hour. */
export function suiteAuth(
  store: AuthStore,
  clock: FakeClock,
  roles?: { roles: readonly string[]; roleHierarchy: Record<string, readonly string[]> },
): Auth<string> {
  return createAuth<string>({
    config: { accessTokenSecret: 'a'.repeat(32), refreshTokenSecret: 'b'.repeat(32), accessTokenTtl: '1h' },
    store,
    mailer: { send: async () => {} },
    hasher: createFakeHasher(),
    clock,
    ...roles,
  });
}

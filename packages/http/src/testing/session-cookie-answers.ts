import { expect } from 'vitest';
import type { ApiResponse } from './http-client.js';
import { APP_URL } from './suite-setup.js';

/** What the cookie suites share: the app's origin, another site's, and how to read `Set-Cookie`. */
export const APP_ORIGIN = new URL(APP_URL).origin;
export const EVIL_ORIGIN = 'https://evil.example.net';
export const REFRESH = '__Secure-gatehouse-refresh';
/** What a browser adds to a request of the app's own page. */
export const FROM_APP = { origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' };

/** Every `Set-Cookie` of an answer, one string each. */
export const setCookies = (res: ApiResponse): string[] => res.headers.getSetCookie();

/** The value the answer sets for cookie `name`; `undefined` when it sets none. */
export function cookieSet(res: ApiResponse, name: string): { value: string; attributes: string[] } | undefined {
  const line = setCookies(res).find((c) => c.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair!.slice(name.length + 1), attributes };
}

export function expectCleared(res: ApiResponse, name = REFRESH) {
  expect(cookieSet(res, name)).toEqual({ value: '', attributes: expect.arrayContaining(['Max-Age=0']) });
}

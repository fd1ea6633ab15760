import type { Answer, HttpClient } from './http-client.js';
import { waitUntil } from './processes.js';
import { RESOURCE_PATH } from './resource-service.js';

/** `GET /api/v1/users/me` with `accessToken` on instance `pin`: the request every signed-in client makes. */
export const me = (http: HttpClient, accessToken: string, pin: number): Promise<Answer> =>
  http.send('GET', '/api/v1/users/me', { bearer: accessToken, pin, timeoutMs: 5000 });

/** A request to the resource service through nginx's `/reports/`: the caller's own report, or the administrators'. */
export const report = (http: HttpClient, route: 'mine' | 'all', accessToken?: string): Promise<Answer> =>
  http.send('GET', `${RESOURCE_PATH}${route}`, accessToken === undefined ? {} : { bearer: accessToken });

/** How each instance answered a token: its last answer, and when it first refused it (ms from the start of the watch). */
export interface Reach {
  pin: number;
  refusedAfterMs: number | undefined;
  last: Answer;
}

/**
 * Asks every instance in `pins` (in parallel, every 20 ms) about `accessToken` until each refuses it
 * with 401, or `timeoutMs` passes. Started right after a revocation answered, it measures how long
 * the revocation took to reach each instance.
 */
export function refusals(http: HttpClient, accessToken: string, pins: readonly number[], timeoutMs = 3000): Promise<Reach[]> {
  const started = performance.now();
  return Promise.all(
    pins.map(async (pin) => {
      let last: Answer | undefined;
      let refusedAfterMs: number | undefined;
      await waitUntil(
        async () => {
          last = await me(http, accessToken, pin);
          if (last.status !== 401) return false;
          refusedAfterMs = performance.now() - started;
          return true;
        },
        timeoutMs,
        20,
      );
      return { pin, refusedAfterMs, last: last! };
    }),
  );
}

/** Every answer of `pins` to `accessToken`, asked once each: before a revocation, all must be 200. */
export const answersOf = (http: HttpClient, accessToken: string, pins: readonly number[]): Promise<number[]> =>
  Promise.all(pins.map(async (pin) => (await me(http, accessToken, pin)).status));

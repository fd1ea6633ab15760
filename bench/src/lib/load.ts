import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { quantile } from './stats.js';

export interface HttpCall {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Answers received in all. */
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Drives `call` with autocannon from `connections` keep-alive connections for `seconds`; every answer must be 2xx. */
export async function load(call: HttpCall, options: { connections: number; seconds: number }): Promise<LoadResult> {
  const result = await autocannon({
    url: call.url,
    method: call.method ?? 'GET',
    ...(call.headers ? { headers: call.headers } : {}),
    ...(call.body ? { body: call.body } : {}),
    connections: options.connections,
    duration: options.seconds,
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`load on ${call.method ?? 'GET'} ${call.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request, timed from sending to the last byte of the answer. */
export function timeOne(call: HttpCall): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(call.url, { method: call.method ?? 'GET', headers: call.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`${call.url} answered ${res.statusCode}`));
        else resolve(performance.now() - started);
      });
    });
    req.on('error', reject);
    req.end(call.body);
  });
}

/**
 * A light probe: one request at a time with a short pause between, for `seconds`, as one more user
 * would see the server. Returns the latencies in milliseconds.
 */
export async function probe(call: HttpCall, seconds: number, pauseMs = 5): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    latencies.push(await timeOne(call));
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return latencies;
}

export const p99 = (values: readonly number[]) => quantile(values, 0.99);
export const p50 = (values: readonly number[]) => quantile(values, 0.5);

/** Runs `count` calls of `work` at once and returns each one's duration in milliseconds. */
export async function burst(count: number, work: () => Promise<unknown>): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    }),
  );
}

/**
 * Runs `work` from `concurrency` loops for `seconds`; returns each completed call's duration in
 * milliseconds. `work` gets the call's number (counting across loops) and its loop's (0…concurrency-1).
 */
export async function closedLoop(
  concurrency: number,
  seconds: number,
  work: (n: number, loop: number) => Promise<unknown>,
): Promise<number[]> {
  const durations: number[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < until) {
        const started = performance.now();
        await work(next++, loop);
        durations.push(performance.now() - started);
      }
    }),
  );
  return durations;
}

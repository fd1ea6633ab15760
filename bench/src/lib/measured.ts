import { load, type HttpCall, type LoadResult } from './load.js';
import type { MeasuredServer } from './script-server.js';

/** One measurement: the load's figures and the server's CPU time spent meanwhile. */
export interface Measured extends LoadResult {
  cpuMicroseconds: number;
}

/** Loads `server` with `call` and asks it how much CPU time it spent meanwhile. */
export async function measure(server: MeasuredServer, call: HttpCall, connections: number, seconds: number): Promise<Measured> {
  const before = await server.cpu();
  const result = await load(call, { connections, seconds });
  const after = await server.cpu();
  return { ...result, cpuMicroseconds: after.microseconds - before.microseconds };
}

/** Parts of one measurement (its halves) as one: mean throughput, the worse p50 and p99, CPU time over all answers. */
export const combine = (parts: readonly Measured[]): Measured => ({
  requests: parts.reduce((sum, p) => sum + p.requests, 0),
  requestsPerSecond: parts.reduce((sum, p) => sum + p.requestsPerSecond, 0) / parts.length,
  p50Ms: Math.max(...parts.map((p) => p.p50Ms)),
  p99Ms: Math.max(...parts.map((p) => p.p99Ms)),
  cpuMicroseconds: parts.reduce((sum, p) => sum + p.cpuMicroseconds, 0),
});

export const cpuPerAnswer = (m: Measured) => m.cpuMicroseconds / m.requests;

export const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Measures `targets` in the order `order` gives (indexes into `targets`, each index usually twice,
 * mirrored so drift falls on all alike), `seconds` each after a pause, and combines each target's parts.
 */
export async function measureInTurn(
  targets: readonly { server: MeasuredServer; call: HttpCall }[],
  order: readonly number[],
  options: { connections: number; seconds: number; pauseMs?: number },
): Promise<Measured[]> {
  const parts: Measured[][] = targets.map(() => []);
  for (const index of order) {
    await settle(options.pauseMs);
    const target = targets[index]!;
    parts[index]!.push(await measure(target.server, target.call, options.connections, options.seconds));
  }
  return parts.map(combine);
}

/** `0, 1, …, n-1, n-1, …, 1, 0`: every target twice, mirrored. */
export const mirrored = (n: number): number[] => {
  const forward = Array.from({ length: n }, (_, i) => i);
  return [...forward, ...forward.reverse()];
};

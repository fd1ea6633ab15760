import type { ChildServer } from './child-server.js';
import { load, type HttpCall } from './load.js';
import { cpuPerAnswer, measureInTurn, mirrored } from './measured.js';
import type { Report } from './report.js';
import type { BenchSettings } from './settings.js';
import { ratio, repeat, summarize, type Summary } from './stats.js';

/** A benchmark server (`bench-server.ts`) serving `GET /bench/hello` behind some guard, and its name in the table. */
export interface Contender {
  label: string;
  server: ChildServer;
}

export interface ContenderFigures {
  rps: Summary;
  p99: Summary;
  cpu: Summary;
}

const call = (server: ChildServer): HttpCall => ({
  url: `${server.url}/bench/hello`,
  headers: { authorization: `Bearer ${server.ready.accessToken}` },
});

/**
 * Measures `contenders` in turn, mirrored (a, b, c, c, b, a; half the time each), `settings.runs`
 * times, after a warm-up; adds each one's throughput, p99 and server CPU per answer to `report`.
 */
export async function measureSideBySide(
  report: Report,
  settings: BenchSettings,
  contenders: readonly Contender[],
  connections: number,
): Promise<ContenderFigures[]> {
  const targets = contenders.map(({ server }) => ({ server, call: call(server) }));
  // Warm-up: JIT, connection setup, the resource service's first fetch of the key set; not measured.
  for (const target of targets) await load(target.call, { connections, seconds: settings.quick ? 0.5 : 1 });
  const values = await repeat(settings.runs, async () => {
    const measured = await measureInTurn(targets, mirrored(targets.length), { connections, seconds: settings.seconds / 2 });
    return Object.fromEntries(
      measured.flatMap((m, i) => [
        [`${i}|rps`, m.requestsPerSecond],
        [`${i}|p99`, m.p99Ms],
        [`${i}|cpu`, cpuPerAnswer(m)],
      ]),
    );
  });
  const figures = contenders.map((_, i) => ({ rps: values[`${i}|rps`]!, p99: values[`${i}|p99`]!, cpu: values[`${i}|cpu`]! }));
  for (const [i, { label }] of contenders.entries()) report.add({ name: label, unit: 'req/s', summary: figures[i]!.rps });
  for (const [i, { label }] of contenders.entries()) report.add({ name: `${label} p99`, unit: 'ms', summary: figures[i]!.p99 });
  for (const [i, { label }] of contenders.entries()) {
    report.add({ name: `${label}, server CPU per answer`, unit: 'µs', summary: figures[i]!.cpu });
  }
  return figures;
}

/** `a`'s throughput as a percentage of `b`'s, run by run. */
export const throughputShare = (a: ContenderFigures, b: ContenderFigures): Summary => ratio(a.rps, b.rps, 100);

/** `a`'s server CPU per answer minus `b`'s, run by run (µs). */
export const cpuDifference = (a: ContenderFigures, b: ContenderFigures): Summary =>
  summarize(a.cpu.values.map((value, i) => value - b.cpu.values[i]!));

import type { Sample } from './load-generator.js';

export interface Summary {
  requests: number;
  perSecond: number;
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Samples whose request overlapped [from, to]. */
export const during = (samples: Sample[], from: number, to: number) => samples.filter((s) => s.start <= to && s.end >= from);

export function summarize(samples: Sample[]): Summary {
  const statuses: Record<string, number> = {};
  for (const s of samples) {
    const key = s.lost
      ? `lost(${s.lost})`
      : s.status !== 503
        ? String(s.status)
        : s.declared503
          ? '503'
          : s.op === 'ready'
            ? '503(readiness)'
            : '503(undeclared)';
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const ms = samples.map((s) => s.end - s.start).sort((a, b) => a - b);
  const span = samples.length === 0 ? 1 : Math.max(1, Math.max(...samples.map((s) => s.end)) - Math.min(...samples.map((s) => s.start)));
  return {
    requests: samples.length,
    perSecond: Math.round((samples.length / span) * 1000),
    statuses,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? 0,
  };
}

const round = (ms: number) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

/** `1234 requests (98/s); 200: 1100, 503: 34; latency p50 3.1 ms, p95 12 ms, p99 40 ms, max 210 ms` */
export function describeSummary(summary: Summary): string {
  const statuses = Object.entries(summary.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  return `${summary.requests} requests (${summary.perSecond}/s); ${statuses}; latency p50 ${round(summary.p50)} ms, p95 ${round(summary.p95)} ms, p99 ${round(summary.p99)} ms, max ${round(summary.max)} ms`;
}

/** The distinct unexpected answers, with how often each came, for a failure message. */
export function unexpectedAnswers(samples: Sample[]): string[] {
  const counts = new Map<string, number>();
  for (const s of samples) if (s.unexpected) counts.set(s.unexpected, (counts.get(s.unexpected) ?? 0) + 1);
  return [...counts].map(([text, n]) => `${n} × ${text}`).slice(0, 10);
}

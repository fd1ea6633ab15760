/** The value at quantile `q` (0..1) of `values`, by the nearest-rank method. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** One figure over several runs: the median, and the lowest and highest run as its spread. */
export interface Summary {
  median: number;
  low: number;
  high: number;
  runs: number;
  values: readonly number[];
}

export function summarize(values: readonly number[]): Summary {
  return { median: quantile(values, 0.5), low: Math.min(...values), high: Math.max(...values), runs: values.length, values: [...values] };
}

/** `a / b` run by run (the two measured in the same run), times `scale`. */
export function ratio(a: Summary, b: Summary, scale = 1): Summary {
  return summarize(a.values.map((value, i) => (scale * value) / b.values[i]!));
}

/** Runs `measure` `runs` times, one after another, and summarizes each named figure it returns. */
export async function repeat<K extends string>(
  runs: number,
  measure: (run: number) => Promise<Record<K, number>>,
): Promise<Record<K, Summary>> {
  const samples = new Map<K, number[]>();
  for (let run = 0; run < runs; run++) {
    for (const [name, value] of Object.entries(await measure(run)) as [K, number][]) {
      samples.set(name, [...(samples.get(name) ?? []), value]);
    }
  }
  return Object.fromEntries([...samples].map(([name, values]) => [name, summarize(values)])) as Record<K, Summary>;
}

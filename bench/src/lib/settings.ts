/** How long and how often each figure is measured; `--quick` is for trying the scripts, not for the document. */
export interface BenchSettings {
  runs: number;
  /** Seconds of load per measurement. */
  seconds: number;
  quick: boolean;
  /** `--thread-nice=N`: the worker pools' nice value, to compare with their default. */
  threadNice: number | undefined;
}

export function readSettings(argv: readonly string[]): BenchSettings & { only: string[] | undefined } {
  const quick = argv.includes('--quick');
  const only = argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const nice = argv.find((a) => a.startsWith('--thread-nice='))?.slice('--thread-nice='.length);
  return { quick, runs: quick ? 1 : 3, seconds: quick ? 1 : 3, only, threadNice: nice === undefined ? undefined : Number(nice) };
}

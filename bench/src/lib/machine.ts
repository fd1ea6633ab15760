import { availableParallelism, cpus, loadavg, release, totalmem, type as osType } from 'node:os';

/** The machine a run measured, as one line for the terminal and the document. */
export function describeMachine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  return `${availableParallelism()} × ${cpu}, ${memory} RAM, ${osType()} ${release()}, Node ${process.versions.node}`;
}

/** The 1-minute load average: other work on the machine skews every figure, so the document shows it. */
export const loadAverage = () => loadavg()[0]!.toFixed(2);

import { readdirSync, readFileSync } from 'node:fs';

/** Fields of /proc/<pid>/status in MB (kB in the file), or 0 where it cannot be read. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0; // ended meanwhile
  }
}

/** Pids of this process's children (the hash-wasm pool's worker processes), from /proc on Linux. */
function childPids(): number[] {
  if (process.platform !== 'linux') return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent's pid; the name in field 2 may hold spaces.
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * This process's memory with its worker processes: a hasher that computes in child processes must
 * not look lighter than one that computes on threads. The peak adds each process's own peak
 * (VmHWM), which is at least the peak of their sum: the figure can only err high.
 */
export function processTreeMemory(): { rssMb: number; maxRssMb: number; workerProcesses: number } {
  const children = childPids();
  const sum = (field: 'VmRSS' | 'VmHWM') => children.reduce((total, pid) => total + statusMb(pid, field), 0);
  return {
    rssMb: process.memoryUsage.rss() / 2 ** 20 + sum('VmRSS'),
    maxRssMb: process.resourceUsage().maxRSS / 1024 + sum('VmHWM'),
    workerProcesses: children.length,
  };
}

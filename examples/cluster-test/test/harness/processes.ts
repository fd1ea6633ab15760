import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** How a process we started ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** `performance.now()` when it ended. */
  at: number;
}

/** A child process whose output goes to a log file, and whose end is remembered. */
export interface Child {
  readonly pid: number;
  readonly name: string;
  readonly logFile: string;
  /** Undefined while it runs. */
  exit(): Exit | undefined;
  /** Resolves when it has ended. */
  readonly ended: Promise<Exit>;
  signal(signal: NodeJS.Signals): void;
}

const running = new Set<ChildProcess>();

// Should the test process end without its afterAll (a crash, a timeout), take our children along:
// they are the only processes we signal, by their pid.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `command`; its stdout and stderr are appended to `logFile`. */
export function startChild(name: string, command: string, args: string[], logFile: string, options: SpawnOptions = {}): Child {
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { ...options, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  running.add(child);
  let exit: Exit | undefined;
  const ended = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      exit = { code, signal, at: performance.now() };
      resolve(exit);
    });
    child.once('error', () => {
      running.delete(child);
      exit ??= { code: null, signal: null, at: performance.now() };
      resolve(exit);
    });
  });
  return {
    pid: child.pid,
    name,
    logFile,
    exit: () => exit,
    ended,
    signal: (signal) => {
      if (exit === undefined) child.kill(signal);
    },
  };
}

/** Waits at most `ms` for the child to end; undefined if it still runs. */
export async function endedWithin(child: Child, ms: number): Promise<Exit | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([child.ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a child: `first` signal, then SIGKILL after `graceMs`. */
export async function stopChild(child: Child, first: NodeJS.Signals = 'SIGTERM', graceMs = 5000): Promise<Exit> {
  child.signal(first);
  const exit = await endedWithin(child, graceMs);
  if (exit) return exit;
  child.signal('SIGKILL');
  return child.ended;
}

/** A line `node --trace-gc` wrote (`[pid:isolate] … ms: Scavenge …`): figures, not what went wrong. */
const GC_TRACE = /^\[\d+:0x[0-9a-f]+\]/;

/** The last `lines` lines of a log file, to print when something failed (lines matching `leaveOut`, by default the instances' GC traces, left out). */
export function tail(file: string, lines = 30, leaveOut: RegExp = GC_TRACE): string {
  try {
    return readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .filter((line) => !leaveOut.test(line))
      .slice(-lines)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Pids whose parent is `pid` (from /proc), e.g. the backends of a postmaster. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in parentheses may hold spaces: the fields after its closing ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/** Resident memory of a process in MiB (VmRSS), or undefined once it has ended. */
export function rssMiB(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `probe` every `everyMs` until it returns true; false after `timeoutMs`. */
export async function waitUntil(probe: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return true;
    } catch {
      // Not yet.
    }
    if (performance.now() >= deadline) return false;
    await sleep(everyMs);
  }
}

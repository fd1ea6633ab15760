import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotCollections } from './live-heap.js';
import { endedWithin, rssMiB, sleep, startChild, waitUntil, type Child, type Exit } from './processes.js';

export type Framework = 'express' | 'hono';

/** The built entry point of each example, as `pnpm start` / `pnpm start:hono` run it. */
export const ENTRY_POINTS: Record<Framework, string> = {
  express: fileURLToPath(new URL('../../../express-server/dist/main.js', import.meta.url)),
  hono: fileURLToPath(new URL('../../../hono-server/dist/main.js', import.meta.url)),
};

/** One example server process, configured only through its environment (CONTRACT §7/§8). */
export interface ServerInstance {
  readonly index: number;
  readonly framework: Framework;
  readonly port: number;
  readonly logFile: string;
  process(): Child;
  /** Starts (or starts again) the process and waits until it answers GET /api/v1/health. */
  start(): Promise<number>;
  /** Changes the environment of the next start (`undefined` removes a variable), as a redeploy would. */
  reconfigure(changes: Record<string, string | undefined>): void;
  /** Sends a signal we mean to send: the exit that follows is not counted as a death. */
  signal(signal: NodeJS.Signals): void;
  /** Exits we did not cause (a crash), with their log tail. */
  deaths(): Exit[];
  rss(): number | undefined;
  /** How long the current process has run, in ms (0 before the first start). */
  age(): number;
  /**
   * Has the process collect all its garbage (a heap snapshot, which V8 precedes with full
   * collections; the file is deleted) and resolves with the live heap it left, in MB, or undefined
   * when the log shows none within 15 s; once the process answers again.
   */
  liveHeapMb(): Promise<number | undefined>;
  waitForExit(ms: number): Promise<Exit | undefined>;
}

async function answersHealth(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(1000) });
  await response.arrayBuffer();
  return response.status === 200;
}

export function createServerInstance(
  index: number,
  framework: Framework,
  port: number,
  dir: string,
  env: Record<string, string>,
): ServerInstance {
  const logFile = join(dir, `instance-${index}-${framework}.log`);
  const snapshots = join(dir, `heap-snapshots-${index}`);
  mkdirSync(snapshots, { recursive: true });
  let child: Child | undefined;
  let startedAt: number | undefined;
  let meant = false;
  const deaths: Exit[] = [];
  let environment = { ...env };
  const instance: ServerInstance = {
    index,
    framework,
    port,
    logFile,
    process: () => {
      if (!child) throw new Error(`instance ${index} was never started`);
      return child;
    },
    async start() {
      const started = performance.now();
      meant = false;
      // --trace-gc and a heap snapshot on SIGUSR2: the soak reads the live heap after full
      // collections from the log (live-heap.ts); the snapshots go to this folder and are deleted.
      const args = ['--trace-gc', '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshots}`, ENTRY_POINTS[framework]];
      const current = startChild(`instance-${index}`, process.execPath, args, logFile, {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...environment, PORT: String(port), HOST: '127.0.0.1' },
      });
      child = current;
      startedAt = performance.now();
      void current.ended.then((exit) => {
        if (!meant && child === current) deaths.push(exit);
      });
      const up = await waitUntil(async () => current.exit() !== undefined || (await answersHealth(port)), 30_000);
      if (!up || current.exit() !== undefined) throw new Error(`instance ${index} (${framework}) did not start; see ${logFile}`);
      return performance.now() - started;
    },
    reconfigure(changes) {
      const next: Record<string, string> = { ...environment };
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete next[name];
        else next[name] = value;
      }
      environment = next;
    },
    signal(signal) {
      meant = true;
      child?.signal(signal);
    },
    deaths: () => [...deaths],
    rss: () => (child && child.exit() === undefined ? rssMiB(child.pid) : undefined),
    age: () => (startedAt === undefined ? 0 : performance.now() - startedAt),
    async liveHeapMb() {
      if (!child || child.exit() !== undefined) return undefined;
      const pid = child.pid;
      const before = snapshotCollections(readFileSync(logFile, 'utf8'), pid).length;
      // Not `signal()`: this is no stop, and an exit after it would be a death.
      child.signal('SIGUSR2');
      let live: number | undefined;
      await waitUntil(async () => {
        const seen = snapshotCollections(readFileSync(logFile, 'utf8'), pid);
        // V8 collects twice before a snapshot; the second says what is live.
        if (seen.length >= before + 2) live = seen.at(-1)!.liveMb;
        return live !== undefined;
      }, 15_000);
      // The snapshot is written after its collections: wait for it, then drop it (tens of MB each).
      await waitUntil(async () => readdirSync(snapshots).some((name) => name.endsWith('.heapsnapshot')), 15_000);
      await sleep(500);
      for (const name of readdirSync(snapshots)) rmSync(join(snapshots, name), { force: true });
      // The file appears when writing starts, and the process is frozen until it is written: only an
      // answer says the event loop runs again (and has run the keep-alive timers that fell due).
      await waitUntil(() => answersHealth(port), 30_000);
      return live;
    },
    waitForExit: (ms) => (child ? endedWithin(child, ms) : Promise.resolve(undefined)),
  };
  return instance;
}

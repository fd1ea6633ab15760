import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endedWithin, rssMiB, startChild, waitUntil, type Child, type Exit } from './processes.js';

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
  /** Sends a signal we mean to send: the exit that follows is not counted as a death. */
  signal(signal: NodeJS.Signals): void;
  /** Exits we did not cause (a crash), with their log tail. */
  deaths(): Exit[];
  rss(): number | undefined;
  /** How long the current process has run, in ms (0 before the first start). */
  age(): number;
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
  let child: Child | undefined;
  let startedAt: number | undefined;
  let meant = false;
  const deaths: Exit[] = [];
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
      const current = startChild(`instance-${index}`, process.execPath, [ENTRY_POINTS[framework]], logFile, {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, PORT: String(port), HOST: '127.0.0.1' },
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
    signal(signal) {
      meant = true;
      child?.signal(signal);
    },
    deaths: () => [...deaths],
    rss: () => (child && child.exit() === undefined ? rssMiB(child.pid) : undefined),
    age: () => (startedAt === undefined ? 0 : performance.now() - startedAt),
    waitForExit: (ms) => (child ? endedWithin(child, ms) : Promise.resolve(undefined)),
  };
  return instance;
}

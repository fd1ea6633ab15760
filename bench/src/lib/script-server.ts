import { fork } from 'node:child_process';
import type { Answer, CpuUse } from '../servers/protocol.js';

const CPU_REPORTER = new URL('../servers/cpu-reporter.js', import.meta.url);

/** A server the benchmark measures from outside: where it listens and its CPU time so far. */
export interface MeasuredServer {
  url: string;
  cpu(): Promise<CpuUse>;
  close(): Promise<void>;
}

/**
 * Forks `script`, which listens on a free port and sends `{ type: 'ready', port, ...extra }` over
 * IPC, and answers `cpu` questions: it imports `servers/cpu-reporter.js`, or, a script outside
 * bench/src (a peer package of its own), has it preloaded with `preloadCpuReporter`.
 */
export async function startScriptServer<Extra extends object = object>(
  script: URL,
  args: string[] = [],
  { preloadCpuReporter = false }: { preloadCpuReporter?: boolean } = {},
): Promise<MeasuredServer & { ready: Extra }> {
  const child = fork(script, args, {
    execArgv: [...process.execArgv, ...(preloadCpuReporter ? ['--import', CPU_REPORTER.href] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (value: CpuUse) => void>();
  let nextId = 1;
  const ready = await new Promise<{ port: number } & Extra>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script.pathname} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`${script.pathname} exited with ${code} before it was ready`)));
    child.on('message', (message: ({ type: 'ready'; port: number } & Extra) | Answer) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
      } else {
        pending.get(message.id)?.(message.value as CpuUse);
        pending.delete(message.id);
      }
    });
  });
  return {
    url: `http://127.0.0.1:${ready.port}`,
    ready,
    cpu: () =>
      new Promise<CpuUse>((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        child.send({ id, question: 'cpu' });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

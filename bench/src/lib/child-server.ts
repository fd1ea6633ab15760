import { fork, type ChildProcess } from 'node:child_process';
import type { Answer, CpuUse, EventLoopDelay, MemoryUse, Question, ReadyMessage, ServerSpec } from '../servers/protocol.js';

const SERVER_SCRIPT = new URL('../servers/bench-server.js', import.meta.url);

/** A benchmark server in its own process, so the load generator never shares its event loop. */
export interface ChildServer {
  url: string;
  ready: ReadyMessage;
  ask(question: 'eld-reset'): Promise<null>;
  ask(question: 'eld'): Promise<EventLoopDelay>;
  ask(question: 'memory'): Promise<MemoryUse>;
  ask(question: 'cpu'): Promise<CpuUse>;
  /** The server's CPU time so far (`ask('cpu')`), so a child server is a `MeasuredServer`. */
  cpu(): Promise<CpuUse>;
  close(): Promise<void>;
}

/**
 * Starts a benchmark server for `spec` in a child process. `script`: another build's benchmark
 * server (the baseline before the kernel, `baseline.ts`), which speaks the same protocol.
 */
export async function startChildServer(spec: ServerSpec, script: URL | string = SERVER_SCRIPT): Promise<ChildServer> {
  const child: ChildProcess = fork(script, [JSON.stringify(spec)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (value: Answer['value']) => void>();
  let nextId = 1;

  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench server ${JSON.stringify(spec)} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`bench server ${JSON.stringify(spec)} exited with ${code} before it was ready`)));
    child.on('message', (message: ReadyMessage | Answer) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message);
      } else {
        pending.get(message.id)?.(message.value);
        pending.delete(message.id);
      }
    });
  });

  const ask = ((question: Question) =>
    new Promise<Answer['value']>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.send({ id, question });
    })) as ChildServer['ask'];
  return {
    url: `http://127.0.0.1:${ready.port}`,
    ready,
    ask,
    cpu: () => ask('cpu'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

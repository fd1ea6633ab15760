import { fork, type ChildProcess } from 'node:child_process';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Where a pool member computes: a worker thread of this process, or a child process of its own.
 * Threads are lighter (a few MB each); processes have their own address space, which matters for
 * an engine that maps fresh memory for every hash (hash-wasm): on threads, every first write to
 * such memory makes the kernel interrupt the other cores running this process to flush their TLBs,
 * so two hashing threads compute less than one. See docs/performance.md.
 */
export type PoolIsolation = 'thread' | 'process';

/** What the pool needs of one member, whichever kind it is. */
export interface PoolMember {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the member can no longer work: it crashed or stopped. */
  onFailure(listener: (error: Error) => void): void;
  /** Busy members keep the process alive; idle ones do not. */
  setBusy(busy: boolean): void;
  stop(): Promise<void>;
}

const stoppedUnexpectedly = (code: number | null, signal: NodeJS.Signals | null) =>
  new Error(`A password hashing worker stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}).`);

function threadMember(script: URL, data: unknown, resourceLimits?: ResourceLimits): PoolMember {
  const worker = new Worker(script, { workerData: data, ...(resourceLimits ? { resourceLimits } : {}) });
  return {
    send: (message) => worker.postMessage(message),
    onMessage: (listener) => void worker.on('message', listener),
    onFailure(listener) {
      worker.on('error', listener);
      worker.on('exit', (code) => listener(stoppedUnexpectedly(code, null)));
    },
    setBusy: (busy) => (busy ? worker.ref() : worker.unref()),
    stop: async () => void (await worker.terminate()),
  };
}

function processMember(script: URL, data: unknown): PoolMember {
  // 'advanced' serialization carries the salt's Uint8Array as it is. The parent's flags (a test
  // runner's loader, an inspector port) are not the hashing process's business; --expose-gc lets
  // the worker collect each hash's memory at once (pool-worker.js).
  const child: ChildProcess = fork(script, [JSON.stringify(data)], {
    serialization: 'advanced',
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let stopping = false;
  return {
    send: (message) => void child.send(message as object),
    onMessage: (listener) => void child.on('message', listener),
    onFailure(listener) {
      child.on('error', listener);
      child.on('exit', (code, signal) => {
        if (!stopping) listener(stoppedUnexpectedly(code, signal));
      });
    },
    setBusy(busy) {
      if (busy) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    },
    stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        // An idle member is unreferenced: without this, a process with nothing else to do would
        // end before the child's exit is reported, and `close()` would never resolve.
        child.ref();
        // Closing the channel ends the child (it exits on 'disconnect'); the kill is for one that hangs.
        child.disconnect();
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      });
    },
  };
}

/**
 * Starts one member that runs `script` with `data` (`workerData` on a thread, argv[2] as JSON in a
 * process); `resourceLimits` apply to a thread's heap.
 */
export function startPoolMember(isolation: PoolIsolation, script: URL, data: unknown, resourceLimits?: ResourceLimits): PoolMember {
  return isolation === 'thread' ? threadMember(script, data, resourceLimits) : processMember(script, data);
}

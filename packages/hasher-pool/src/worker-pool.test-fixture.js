// A stand-in worker for the pool's own tests: it sleeps, fails, throws or exits on request, and
// counts in shared memory how many tasks run at once.
import { parentPort, threadId } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('worker thread only');

port.on('message', (task) => {
  if (task.op === 'exit') process.exit(3);
  if (task.op === 'throw') setTimeout(() => { throw new Error('worker crashed'); });
  if (task.op === 'fail') port.postMessage({ ok: false, message: 'task refused: boom' });
  if (task.op === 'sleep') {
    const counters = new Int32Array(task.counters);
    const running = Atomics.add(counters, 0, 1) + 1;
    for (let max = Atomics.load(counters, 1); running > max; max = Atomics.load(counters, 1)) {
      if (Atomics.compareExchange(counters, 1, max, running) === max) break;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.ms);
    Atomics.sub(counters, 0, 1);
    port.postMessage({ ok: true, value: threadId });
  }
});

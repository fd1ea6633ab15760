// A stand-in worker for the pool's own tests, run as a thread or as a forked process: it sleeps,
// fails, throws or exits on request, and reports who ran the task and when, so a test can tell
// how many tasks overlapped.
import { parentPort, threadId } from 'node:worker_threads';

const port = parentPort;
const send = port ? (reply) => port.postMessage(reply) : (reply) => process.send?.(reply);
const onTask = port ? (listener) => port.on('message', listener) : (listener) => process.on('message', listener);
if (!port) process.once('disconnect', () => process.exit(0));
// A thread's id, or a process's: either way, one per worker.
const worker = port ? `thread ${threadId}` : `process ${process.pid}`;

onTask((task) => {
  if (task.op === 'exit') process.exit(3);
  if (task.op === 'throw')
    setTimeout(() => {
      throw new Error('worker crashed');
    });
  if (task.op === 'fail') send({ ok: false, message: 'task refused: boom' });
  if (task.op === 'sleep') {
    const start = performance.timeOrigin + performance.now();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.ms);
    send({ ok: true, value: { worker, start, end: performance.timeOrigin + performance.now() } });
  }
});

// Preloaded (`node --import`) into a server the benchmark starts as it ships (an example's main.js),
// so the benchmark can ask it for its CPU time over IPC without changing the server's code.
import type { Answer, Question } from './protocol.js';

process.on('message', (message: { id?: number; question?: Question }) => {
  if (message?.question !== 'cpu' || message.id === undefined) return;
  const { user, system } = process.cpuUsage();
  process.send!({ type: 'answer', id: message.id, value: { microseconds: user + system } } satisfies Answer);
});

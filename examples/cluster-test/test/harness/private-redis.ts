import { createConnection } from 'node:net';
import { join } from 'node:path';
import { freePort, stopChild, startChild, waitUntil, type Child } from './processes.js';
import type { ClusterTools } from './tools.js';

/** A redis-server of the test's own on a free port of 127.0.0.1, in the foreground, nothing saved to disk. */
export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  /** SIGTERM (nothing is saved, so the next start has empty counts). */
  stop(): Promise<void>;
}

/** One PING over a raw socket: true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function createPrivateRedis(tools: ClusterTools, dir: string): Promise<PrivateRedis> {
  const port = await freePort();
  const logFile = join(dir, 'redis.log');
  let current: Child | undefined;
  const redis: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
      current = startChild('redis', tools.redisServer, args, logFile);
      if (!(await waitUntil(() => ping(port), 10_000))) throw new Error(`private Redis did not start on port ${port}; see ${logFile}`);
    },
    async stop() {
      if (current) await stopChild(current, 'SIGTERM');
      current = undefined;
    },
  };
  await redis.start();
  return redis;
}

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
  /** How many connections are subscribed to `channel` now (`PUBSUB NUMSUB`). */
  subscribers(channel: string): Promise<number>;
  /** A subscriber of the test's own on `channel`: everything published there, as raw protocol text. */
  listen(channel: string): Promise<Listener>;
}

export interface Listener {
  received(): string;
  close(): void;
}

/** One command in the Redis protocol (RESP arrays of bulk strings). */
const encode = (...args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

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

/** Sends `command` on a connection of its own and resolves with the reply once `complete` says it is whole. */
function exchange(port: number, command: string, complete: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let text = '';
    socket.setTimeout(2000, () => {
      socket.destroy();
      reject(new Error('Redis did not answer'));
    });
    socket.once('error', reject);
    socket.once('connect', () => socket.write(command));
    socket.on('data', (data) => {
      text += data.toString();
      if (!complete(text)) return;
      socket.destroy();
      resolve(text);
    });
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
    async subscribers(channel) {
      const reply = await exchange(port, encode('PUBSUB', 'NUMSUB', channel), (text) => /:\d+\r\n$/.test(text));
      // *2 $<n> <channel> :<count>
      return Number(/:(\d+)\r\n$/.exec(reply)?.[1] ?? Number.NaN);
    },
    async listen(channel) {
      const socket = createConnection({ host: '127.0.0.1', port });
      let text = '';
      socket.on('data', (data) => void (text += data.toString()));
      socket.on('error', () => {});
      socket.write(encode('SUBSCRIBE', channel));
      // Subscribed once Redis confirms it (`subscribe <channel> 1`).
      if (!(await waitUntil(() => text.includes('subscribe'), 5000))) throw new Error(`could not subscribe to ${channel}`);
      return { received: () => text, close: () => socket.destroy() };
    },
  };
  await redis.start();
  return redis;
}

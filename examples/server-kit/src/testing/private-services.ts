import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether this machine can start private services for fault tests (root, PostgreSQL 15, redis-server). */
export function canStartPrivateServices(): boolean {
  return process.getuid?.() === 0 && existsSync(join(PG_BIN, 'initdb')) && existsSync('/usr/bin/redis-server');
}

/** The pids of `pid`'s children (PostgreSQL's backends and workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return [];
  }
}

function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    // kill(0) and negative pids signal whole process groups, this test runner's own among them:
    // a SIGSTOP there froze the test run once (a pid file read before Redis had written it).
    if (!Number.isInteger(pid) || pid <= 0) throw new Error(`refusing to send ${signal} to pid ${pid}: not one process`);
    try {
      process.kill(pid, signal);
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * A PostgreSQL cluster of the test's own (TOOLING.md "Round 2 facts"): initdb in a temporary folder,
 * run by `pg_ctl` as the `postgres` user on a free port of 127.0.0.1. Stopping or freezing it
 * touches no one else's database: only pids from its own `postmaster.pid` are ever signalled.
 */
export interface PrivatePostgres {
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  /** `pg_ctl -m fast stop`: sessions end with 57P01, as when an operator stops the server. */
  stop(): Promise<void>;
  /** SIGSTOP to the postmaster and its children: the database hangs, sockets stay open. */
  freeze(): void;
  thaw(): void;
  /** Stops it for good and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pg-'));
  chownSync(
    dir,
    Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  );
  const data = join(dir, 'data');
  const asPostgres = (command: string) => run('su', ['postgres', '-c', command], { timeout: 60_000 });
  await asPostgres(`${PG_BIN}/initdb -D ${data} -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null`);
  const port = await freePort();
  let frozen: number[] = [];
  const postgres: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
      await asPostgres(`${PG_BIN}/pg_ctl -D ${data} -l ${dir}/log -o "${options}" -w -t 30 start >/dev/null`);
    },
    async stop() {
      await asPostgres(`${PG_BIN}/pg_ctl -D ${data} -m fast -w stop >/dev/null`);
    },
    freeze() {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      frozen = [postmaster, ...childrenOf(postmaster)];
      signalAll(frozen, 'SIGSTOP');
    },
    thaw() {
      signalAll(frozen, 'SIGCONT');
      frozen = [];
    },
    async destroy() {
      postgres.thaw();
      await postgres.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await postgres.start();
  return postgres;
}

/** A Redis server of the test's own on a free port; only the pid in its own pid file is signalled. */
export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-redis-'));
  const pidFile = join(dir, 'redis.pid');
  const port = await freePort();
  let pid: number | undefined;
  const redis: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      await run('redis-server', [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'yes',
        '--pidfile',
        pidFile,
        '--dir',
        dir,
      ]);
      // Redis creates the pid file before it writes the pid: wait for a pid, not for the file.
      const readPid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0);
      if (!(await waitFor(() => readPid() > 0, 5_000))) throw new Error(`the private Redis on port ${port} wrote no pid file`);
      pid = readPid();
      // Ready when it answers a PING.
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        const answered = await run('redis-cli', ['-p', String(port), 'ping']).then(
          (r) => r.stdout.trim() === 'PONG',
          () => false,
        );
        if (answered) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the private Redis on port ${port} did not start`);
    },
    async stop() {
      if (pid === undefined) return;
      const stopping = pid;
      signalAll([stopping], 'SIGTERM');
      await waitFor(() => !alive(stopping), 5_000);
      pid = undefined;
    },
    freeze() {
      if (pid !== undefined) signalAll([pid], 'SIGSTOP');
    },
    thaw() {
      if (pid !== undefined) signalAll([pid], 'SIGCONT');
    },
    async destroy() {
      redis.thaw();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}

import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { childPids, endedWithin, freePort, startChild, waitUntil, type Child } from './processes.js';
import type { ClusterTools } from './tools.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, its own port, TCP on
 * 127.0.0.1 only, no Unix socket), so stopping or freezing it touches no one else's database.
 * The postmaster runs in the foreground as our child: its pid is the one we signal.
 */
export interface PrivatePostgres {
  readonly port: number;
  readonly url: string;
  /** The postmaster, while it runs. */
  postmaster(): Child | undefined;
  start(): Promise<void>;
  /** Fast shutdown (SIGINT): sessions are cut with 57P01, as `pg_ctl -m fast stop` does. */
  stop(): Promise<void>;
  /** SIGSTOP to the postmaster and every child of it: the database hangs without closing a socket. */
  freeze(): void;
  thaw(): void;
  /** Runs one SQL statement through psql and returns its unaligned rows. */
  query(sql: string): Promise<string[]>;
}

export async function createPrivatePostgres(tools: ClusterTools, dir: string): Promise<PrivatePostgres> {
  const dataDir = join(dir, 'pgdata');
  mkdirSync(dataDir, { mode: 0o700 });
  const owner = tools.postgresUser;
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  execFileSync(tools.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], {
    ...asOwner,
    stdio: 'pipe',
  });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const logFile = join(dir, 'postgres.log');
  let current: Child | undefined;
  let frozen: number[] = [];

  const ready = () =>
    run(tools.psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atc', 'select 1'], {
      timeout: 2000,
    }).then(
      () => true,
      () => false,
    );

  const pg: PrivatePostgres = {
    port,
    url,
    postmaster: () => current,
    async start() {
      const settings = [
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=100',
      ];
      current = startChild('postgres', tools.postgres, ['-D', dataDir, ...settings], logFile, asOwner);
      if (!(await waitUntil(ready, 20_000))) throw new Error(`private PostgreSQL did not start on port ${port}; see ${logFile}`);
    },
    async stop() {
      const postmaster = current;
      if (!postmaster) return;
      postmaster.signal('SIGINT');
      if (!(await endedWithin(postmaster, 15_000))) {
        postmaster.signal('SIGQUIT');
        await postmaster.ended;
      }
      current = undefined;
    },
    freeze() {
      if (!current) throw new Error('PostgreSQL is not running');
      frozen = [current.pid, ...childPids(current.pid)];
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of frozen) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // Gone meanwhile.
        }
      }
      frozen = [];
    },
    async query(sql) {
      const { stdout } = await run(tools.psql, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-Atc', sql], {
        timeout: 10_000,
      });
      return stdout.split('\n').filter((line) => line !== '');
    },
  };
  await pg.start();
  return pg;
}

/** For messages: the last lines PostgreSQL logged. */
export const postgresLog = (dir: string) => readFileSync(join(dir, 'postgres.log'), 'utf8');

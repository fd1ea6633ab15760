import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The programs the cluster test runs; all from Debian packages (`nginx`, `postgresql`, `redis-server`). */
export interface ClusterTools {
  nginx: string;
  initdb: string;
  postgres: string;
  psql: string;
  redisServer: string;
  /** The uid/gid PostgreSQL runs as: the `postgres` user when this process is root (PostgreSQL refuses root). */
  postgresUser: { uid: number; gid: number } | undefined;
}

export type ToolCheck = { tools: ClusterTools; missing: undefined } | { tools: undefined; missing: string };

/** CI sets GATEHOUSE_REQUIRE_CLUSTER=1: a missing program then fails the test instead of skipping it. */
export const CLUSTER_REQUIRED = process.env.GATEHOUSE_REQUIRE_CLUSTER === '1';

function onPath(name: string, extra: string[] = []): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', ...extra];
  return dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
}

/** PostgreSQL's server programs are not on PATH on Debian: /usr/lib/postgresql/<major>/bin, newest first. */
function postgresBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((major) => /^\d+$/.test(major))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(root, major, 'bin'));
}

function postgresUser(): ClusterTools['postgresUser'] | 'missing' {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return 'missing';
  }
}

/** Finds nginx, initdb/postgres/psql and redis-server, or says which are missing and how to install them. */
export function findClusterTools(): ToolCheck {
  const pgDirs = postgresBinDirs();
  const found = {
    nginx: onPath('nginx'),
    initdb: onPath('initdb', pgDirs),
    postgres: onPath('postgres', pgDirs),
    psql: onPath('psql', pgDirs),
    redisServer: onPath('redis-server'),
  };
  const missing = Object.entries(found)
    .filter(([, path]) => path === undefined)
    .map(([name]) => name);
  const user = postgresUser();
  if (user === 'missing') missing.push('a `postgres` user (PostgreSQL refuses to run as root)');
  if (missing.length > 0) {
    return {
      tools: undefined,
      missing: `the cluster test needs ${missing.join(', ')}: apt-get install -y nginx postgresql redis-server`,
    };
  }
  return {
    tools: { ...(found as Omit<ClusterTools, 'postgresUser'>), postgresUser: user === 'missing' ? undefined : user },
    missing: undefined,
  };
}

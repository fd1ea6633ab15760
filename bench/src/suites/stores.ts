import { randomBytes } from 'node:crypto';
import { postgresTestServer, sqliteTestServer, type Scratch } from '@gatehousejs/store-sql/testing';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { closedLoop, p50, p99 } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat, type Summary } from '../lib/stats.js';
import { BENCH_PASSWORD } from '../servers/protocol.js';

const CONCURRENCY = 8;

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Register a new user, then log in as that user: one round of the end-to-end measurement. */
function registerThenLogin(server: ChildServer, tag: string) {
  return async (n: number) => {
    const name = `b${tag}${n}`;
    const email = `${name}@example.com`;
    await post(`${server.url}/api/v1/auth/register`, {
      firstName: 'Bench',
      lastName: 'User',
      username: name,
      email,
      password: BENCH_PASSWORD,
      confirmPassword: BENCH_PASSWORD,
    });
    await post(`${server.url}/api/v1/auth/login`, { email, password: BENCH_PASSWORD });
  };
}

interface Target {
  label: string;
  open(): Promise<Scratch | { url: string; drop(): Promise<void> } | string>;
}

/** 5. Register and login end to end on the SQL store (SQLite, PostgreSQL) vs the in-memory store. */
export async function benchStores(report: Report, settings: BenchSettings): Promise<void> {
  report.section({
    title: '5. Register + login end to end',
    method: `Each round registers a new user and logs in as that user over HTTP (Express adapter, native worker pool), ${CONCURRENCY} rounds in flight for ${settings.seconds} s per run. SQLite on a temporary file and PostgreSQL in a scratch schema, both migrated at start.`,
  });
  const postgres = await postgresTestServer();
  const targets: Target[] = [
    { label: 'in-memory store', open: async () => ({ url: 'memory:', drop: async () => {} }) },
    { label: 'SQLite', open: () => sqliteTestServer().createScratch() },
    { label: 'PostgreSQL', open: async () => postgres.unreachable ?? postgres.createScratch() },
  ];
  let memory: Summary | undefined;
  for (const target of targets) {
    const scratch = await target.open();
    if (typeof scratch === 'string') {
      console.warn(`  skipped ${target.label}: ${scratch}`);
      continue;
    }
    const server = await startChildServer({ kind: 'auth', hasher: 'native-pool', databaseUrl: scratch.url });
    try {
      const figures = await repeat(settings.runs, async (run) => {
        const tag = `${randomBytes(3).toString('hex')}${run}`;
        const rounds = await closedLoop(CONCURRENCY, settings.seconds, registerThenLogin(server, tag));
        return { perSecond: rounds.length / settings.seconds, p50: p50(rounds), p99: p99(rounds) };
      });
      report.add({ name: `${target.label}: register + login`, unit: 'rounds/s', summary: figures.perSecond });
      report.add({ name: `${target.label}: round p50`, unit: 'ms', summary: figures.p50 });
      report.add({ name: `${target.label}: round p99`, unit: 'ms', summary: figures.p99 });
      if (!memory) memory = figures.perSecond;
      else report.add({ name: `${target.label} / in-memory throughput`, unit: '%', summary: ratio(figures.perSecond, memory, 100) });
    } finally {
      await server.close();
      await scratch.drop();
    }
  }
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startExampleServer, type ExampleServer } from '../lib/example-server.js';
import { cookiesOf, postJson } from '../lib/http-json.js';
import { closedLoop, load, p99, probe, type HttpCall } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import { startScriptServer, type MeasuredServer } from '../lib/script-server.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat, type Summary } from '../lib/stats.js';
import { BENCH_PASSWORD, benchRegistration } from '../servers/protocol.js';

const PROTECTED_CONNECTIONS = 10;
// More logins in flight than any of the apps hashes at once.
const LOGIN_CONNECTIONS = 8;
const SIGN_UPS_IN_FLIGHT = 8;
const BETTER_AUTH = new URL('../peers/better-auth-server.js', import.meta.url);
const PASSPORT = new URL('../peers/passport-server.js', import.meta.url);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One app as the benchmark drives it: a protected route, the login, and a sign-up of a new user. */
interface AuthApp {
  label: string;
  server: MeasuredServer;
  protectedCall: HttpCall;
  loginCall: HttpCall;
  signUp(name: string): Promise<void>;
}

const jsonPost = (url: string, body: unknown, headers: Record<string, string> = {}): HttpCall => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

function gatehouseApp(label: string, server: ExampleServer): AuthApp {
  return {
    label,
    server,
    protectedCall: { url: `${server.url}/api/v1/users/me`, headers: { authorization: `Bearer ${server.accessToken}` } },
    loginCall: jsonPost(`${server.url}/api/v1/auth/login`, { email: server.email, password: server.password }),
    signUp: async (name) => {
      await postJson(`${server.url}/api/v1/auth/register`, benchRegistration(name, `${name}@example.com`));
    },
  };
}

/** Better Auth on Hono: cookie sessions; it refuses a sign-in without the `Origin` a browser sends. */
async function betterAuthApp(file: string): Promise<AuthApp> {
  const server = await startScriptServer(BETTER_AUTH, [file]);
  const origin = { origin: server.url };
  const signUp = (name: string) =>
    postJson(
      `${server.url}/api/auth/sign-up/email`,
      { email: `${name}@example.com`, password: BENCH_PASSWORD, name: 'Bench User' },
      origin,
    );
  const email = `ba_${randomBytes(4).toString('hex')}@example.com`;
  await signUp(email.split('@')[0]!);
  const signIn = await postJson(`${server.url}/api/auth/sign-in/email`, { email, password: BENCH_PASSWORD }, origin);
  const cookie = cookiesOf(signIn.response);
  return {
    label: 'Better Auth (Hono, SQLite)',
    server,
    protectedCall: { url: `${server.url}/api/me`, headers: { cookie } },
    loginCall: jsonPost(`${server.url}/api/auth/sign-in/email`, { email, password: BENCH_PASSWORD }, origin),
    signUp: async (name) => void (await signUp(name)),
  };
}

/** Express + passport-jwt (HMAC key as a KeyObject), @node-rs/argon2, SQLite through better-sqlite3. */
async function passportApp(file: string): Promise<AuthApp> {
  const server = await startScriptServer(PASSPORT, [file]);
  const signUp = (name: string) =>
    postJson(`${server.url}/api/signup`, { email: `${name}@example.com`, password: BENCH_PASSWORD, firstName: 'Bench', lastName: 'User' });
  const email = `pp_${randomBytes(4).toString('hex')}@example.com`;
  await signUp(email.split('@')[0]!);
  const { accessToken } = (await postJson<{ accessToken: string }>(`${server.url}/api/login`, { email, password: BENCH_PASSWORD })).json;
  return {
    label: 'passport-jwt (Express, SQLite)',
    server,
    protectedCall: { url: `${server.url}/api/me`, headers: { authorization: `Bearer ${accessToken}` } },
    loginCall: jsonPost(`${server.url}/api/login`, { email, password: BENCH_PASSWORD }),
    signUp: async (name) => void (await signUp(name)),
  };
}

type Figures = Record<string, number>;

/** Each app's figures for one run; `first` and `second` measured in the order given, then mirrored. */
async function measurePair(apps: readonly [AuthApp, AuthApp], settings: BenchSettings, run: number): Promise<Figures> {
  const half = settings.seconds / 2;
  // A login costs tens of milliseconds: half a second (--quick) would count a handful.
  const slowHalf = Math.max(half, 1);
  // Lets the queued logins and sign-ups of the previous measurement finish (shorter for --quick).
  const drain = () => pause(settings.quick ? 200 : 1000);
  const out: Figures = {};
  const add = (app: AuthApp, name: string, value: number) => {
    const key = `${app.label}|${name}`;
    // Two halves of one measurement: their mean.
    out[key] = key in out ? (out[key]! + value) / 2 : value;
  };
  // Mirrored, so drift falls on both alike; --quick measures each once.
  const order = settings.quick ? [...apps] : [...apps, ...[...apps].reverse()];
  for (const app of order) {
    await pause(300);
    const before = await app.server.cpu();
    const result = await load(app.protectedCall, { connections: PROTECTED_CONNECTIONS, seconds: half });
    const after = await app.server.cpu();
    add(app, 'protected', result.requestsPerSecond);
    add(app, 'protected cpu', (after.microseconds - before.microseconds) / result.requests);
  }
  for (const app of order) {
    await drain();
    add(app, 'logins', (await load(app.loginCall, { connections: LOGIN_CONNECTIONS, seconds: slowHalf })).requestsPerSecond);
  }
  for (const [index, app] of order.entries()) {
    await drain();
    const tag = `s${run}${index}${randomBytes(3).toString('hex')}`;
    const rounds = await closedLoop(SIGN_UPS_IN_FLIGHT, slowHalf, (n) => app.signUp(`${tag}_${n}`));
    add(app, 'sign-ups', rounds.length / slowHalf);
  }
  for (const app of order) {
    await drain();
    // The storm and, meanwhile, one more user who only calls the protected route.
    const [, latencies] = await Promise.all([
      load(app.loginCall, { connections: LOGIN_CONNECTIONS, seconds: slowHalf }),
      probe(app.protectedCall, slowHalf - 0.2),
    ]);
    add(app, 'storm p99', p99(latencies));
  }
  return out;
}

/** 7. Gatehouse's example servers beside the apps people build instead, doing the same work. */
export async function benchPeers(report: Report, settings: BenchSettings): Promise<void> {
  report.section({
    title: '7. Beside the peers',
    method: `The same work on each Gatehouse example as shipped (SQLite, rate limits off) and on a minimal peer app in \`bench/src/peers/\`: Better Auth on Hono with SQLite (email and password, its default scrypt, cookie sessions, \`getSession\` on the protected route, rate limits off), and Express with passport-jwt given the HMAC key as a \`KeyObject\`, users in SQLite through better-sqlite3, \`@node-rs/argon2\` at m=19456, t=2, p=1 (the spec's parameters). Gatehouse on Hono is set beside Better Auth, Gatehouse on Express beside passport-jwt. Protected route: \`GET /api/v1/users/me\` (Gatehouse) or \`GET /api/me\` (the user from the session or the token's subject, read from the database), ${PROTECTED_CONNECTIONS} connections. Logins: ${LOGIN_CONNECTIONS} connections. Sign-ups: ${SIGN_UPS_IN_FLIGHT} in flight, each a new user. Storm: a probe calls the protected route one request at a time (5 ms apart) during the login load. Each figure is measured for ${settings.seconds / 2} s on Gatehouse and the peer, then again in reverse order; ratios are Gatehouse's figure over the peer's, run by run (for the p99, lower is better).`,
  });
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-peers-'));
  const started: MeasuredServer[] = [];
  try {
    const hono = gatehouseApp(
      'Gatehouse (Hono example, SQLite)',
      await startExampleServer('hono', `sqlite:${join(dir, 'gatehouse-hono.db')}`),
    );
    started.push(hono.server);
    const express = gatehouseApp(
      'Gatehouse (Express example, SQLite)',
      await startExampleServer('express', `sqlite:${join(dir, 'gatehouse-express.db')}`),
    );
    started.push(express.server);
    const betterAuth = await betterAuthApp(join(dir, 'better-auth.db'));
    started.push(betterAuth.server);
    const passport = await passportApp(join(dir, 'passport.db'));
    started.push(passport.server);
    const pairs: [AuthApp, AuthApp][] = [
      [hono, betterAuth],
      [express, passport],
    ];
    // Warm-up: JIT and connections; not measured.
    for (const app of [hono, betterAuth, express, passport]) {
      await load(app.protectedCall, { connections: PROTECTED_CONNECTIONS, seconds: settings.quick ? 0.3 : 1 });
      await load(app.loginCall, { connections: LOGIN_CONNECTIONS, seconds: settings.quick ? 0.3 : 1 });
    }

    const figures = await repeat(settings.runs, async (run) => {
      const values: Figures = {};
      for (const pair of pairs) Object.assign(values, await measurePair(pair, settings, run));
      return values;
    });
    const get = (app: AuthApp, name: string): Summary => figures[`${app.label}|${name}`]!;
    const rows = [
      { name: 'protected', unit: 'req/s', title: 'protected route' },
      { name: 'protected cpu', unit: 'µs', title: 'protected route, server CPU per answer' },
      { name: 'logins', unit: 'logins/s', title: 'logins' },
      { name: 'sign-ups', unit: 'sign-ups/s', title: 'sign-ups' },
      { name: 'storm p99', unit: 'ms', title: 'protected route p99 during a login storm' },
    ] as const;
    for (const [ours, peer] of pairs) {
      for (const row of rows) {
        report.add({ name: `${ours.label}: ${row.title}`, unit: row.unit, summary: get(ours, row.name) });
        report.add({ name: `${peer.label}: ${row.title}`, unit: row.unit, summary: get(peer, row.name) });
      }
    }
    for (const [ours, peer] of pairs) {
      const short = ours.label.startsWith('Gatehouse (Hono') ? 'Gatehouse on Hono / Better Auth' : 'Gatehouse on Express / passport-jwt';
      for (const row of rows) {
        if (row.name === 'protected cpu') continue;
        const lowerIsBetter = row.name === 'storm p99';
        report.check(
          { name: `${short}: ${row.title}`, unit: '×', summary: ratio(get(ours, row.name), get(peer, row.name)) },
          lowerIsBetter ? { atMost: 1, text: '≤ 1× (lead)' } : { atLeast: 1, text: '≥ 1× (lead)' },
        );
      }
    }
    await pause(1500);
  } finally {
    await Promise.all(started.map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  }
}

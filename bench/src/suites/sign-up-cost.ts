import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { timeOne, type HttpCall } from '../lib/load.js';
import type { Report } from '../lib/report.js';
import type { BenchSettings } from '../lib/settings.js';
import { ratio, repeat } from '../lib/stats.js';
import { BENCH_PASSWORD } from '../servers/protocol.js';

type LoginCall = (server: ChildServer) => HttpCall;

let signUps = 0;
/** Calls of each kind per half of a run; a run makes 60 sign-ups and 60 logins, also with `--quick`. */
const HALF = 30;

const signUpCall = (server: ChildServer): HttpCall => {
  const n = ++signUps;
  return {
    url: `${server.url}/api/v1/auth/register`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Signup',
      username: `signup_${process.pid}_${n}`,
      email: `signup.${process.pid}.${n}@example.com`,
      password: BENCH_PASSWORD,
      confirmPassword: BENCH_PASSWORD,
    }),
  };
};

/** Server CPU (user and system, every thread of the process) per call, over `count` calls made one at a time. */
async function cpuPerCall(server: ChildServer, count: number, call: () => HttpCall): Promise<number> {
  const before = await server.ask('cpu');
  for (let i = 0; i < count; i++) await timeOne(call());
  const after = await server.ask('cpu');
  return (after.microseconds - before.microseconds) / count / 1000;
}

/**
 * What a sign-up costs beside a login: both hash once (Argon2id), so a sign-up should cost about a
 * login; the password checks it adds (the blocklist, NIST SP 800-63B-4) must not make it dearer
 * than the hash they protect. Measured on the native worker pool, whose threads are in the server
 * process, so `process.cpuUsage()` counts the hashing too.
 */
export async function benchSignUpCost(report: Report, settings: BenchSettings, loginCall: LoginCall): Promise<void> {
  const server = await startChildServer({ kind: 'auth', hasher: 'native-pool', databaseUrl: 'memory:' });
  try {
    // Warm: the pool's threads started, the blocklist loaded, the JIT settled.
    for (let i = 0; i < 5; i++) {
      await timeOne(signUpCall(server));
      await timeOne(loginCall(server));
    }
    // Sign-ups, logins, logins, sign-ups (30 each), so the machine's drift falls on both alike.
    const figures = await repeat(settings.runs, async () => {
      const signUpFirst = await cpuPerCall(server, HALF, () => signUpCall(server));
      const loginFirst = await cpuPerCall(server, HALF, () => loginCall(server));
      const loginSecond = await cpuPerCall(server, HALF, () => loginCall(server));
      const signUpSecond = await cpuPerCall(server, HALF, () => signUpCall(server));
      return { signUp: (signUpFirst + signUpSecond) / 2, login: (loginFirst + loginSecond) / 2 };
    });
    report.add({ name: 'sign-up: server CPU per sign-up (native worker pool)', unit: 'ms', summary: figures.signUp });
    report.add({ name: 'login: server CPU per login (native worker pool)', unit: 'ms', summary: figures.login });
    report.check(
      { name: 'sign-up CPU / login CPU', unit: '×', summary: ratio(figures.signUp, figures.login) },
      { atMost: 1.25, text: '≤ 1.25×' },
    );
  } finally {
    await server.close();
  }
}

import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { BENCH_PASSWORD, benchRegistration, type Answer, type CpuUse } from '../servers/protocol.js';
import { postJson } from './http-json.js';
import type { MeasuredServer } from './script-server.js';

const CPU_REPORTER = new URL('../servers/cpu-reporter.js', import.meta.url);
const EXAMPLE_MAIN = {
  express: new URL('../../../examples/express-server/dist/main.js', import.meta.url),
  hono: new URL('../../../examples/hono-server/dist/main.js', import.meta.url),
  fastify: new URL('../../../examples/fastify-server/dist/main.js', import.meta.url),
  fetch: new URL('../../../examples/fetch-server/dist/main.js', import.meta.url),
  nest: new URL('../../../examples/nest-server/dist/main.js', import.meta.url),
};

/** How each example is named in the tables. */
export const EXAMPLE_NAME: Record<ExampleFramework, string> = {
  express: 'Express',
  hono: 'Hono',
  fastify: 'Fastify',
  fetch: 'Web-standard handler',
  nest: 'NestJS',
};

export type ExampleFramework = keyof typeof EXAMPLE_MAIN;

/** An example server as it ships (its own `main.js`, configured from the environment) and a user on it. */
export interface ExampleServer extends MeasuredServer {
  email: string;
  password: string;
  accessToken: string;
}

/** Registers a new user over HTTP, as a client would, and logs in as that user. */
export async function registerAndLogIn(baseUrl: string, tag: string): Promise<{ email: string; accessToken: string }> {
  const email = `bench-${tag}@example.com`;
  await postJson(`${baseUrl}/api/v1/auth/register`, benchRegistration(`bench_${tag}`, email));
  const { json } = await postJson<{ accessToken: string }>(`${baseUrl}/api/v1/auth/login`, { email, password: BENCH_PASSWORD });
  return { email, accessToken: json.accessToken };
}

/** `main.js` of an example server of this build. */
export const exampleMain = (framework: ExampleFramework): URL => EXAMPLE_MAIN[framework];

/** The environment an operator gives an example for a benchmark: the store at `databaseUrl`, rate limits off, the mail catcher on, `env` on top. */
export function exampleEnvironment(databaseUrl: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const secret = () => randomBytes(48).toString('base64url');
  return {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret(),
    JWT_REFRESH_SECRET: secret(),
    RATE_LIMIT_ENABLED: 'false',
    MAILHOG_SMTP_PORT: '0',
    ...env,
  };
}

/**
 * Starts `examples/<framework>-server/dist/main.js` in a process of its own with the environment an
 * operator would give it (the store at `databaseUrl`, rate limits off so the load is not refused,
 * the development mail catcher on a free port, and `env` on top), waits for its "listening" line,
 * and signs a user up. `main`: another build's example (the one before the kernel, `baseline.ts`).
 */
export async function startExampleServer(
  framework: ExampleFramework,
  databaseUrl: string,
  env: Record<string, string> = {},
  main: URL | string = EXAMPLE_MAIN[framework],
): Promise<ExampleServer> {
  const child = fork(main, [], {
    execArgv: ['--import', CPU_REPORTER.href],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: exampleEnvironment(databaseUrl, env),
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${framework} example did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`the ${framework} example exited with ${code} before it listened`)));
    // The server logs a JSON line per audit event: keep reading (and dropping) them so it never blocks.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.includes('"gatehouse example server listening"')) return;
      clearTimeout(timer);
      resolve(String((JSON.parse(line) as { url: string }).url));
    });
  });
  const pending = new Map<number, (value: CpuUse) => void>();
  let nextId = 1;
  child.on('message', (message: Answer) => {
    pending.get(message.id)?.(message.value as CpuUse);
    pending.delete(message.id);
  });
  const user = await registerAndLogIn(url, randomBytes(6).toString('hex'));
  return {
    url,
    email: user.email,
    password: BENCH_PASSWORD,
    accessToken: user.accessToken,
    cpu: () =>
      new Promise<CpuUse>((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        child.send({ id, question: 'cpu' });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

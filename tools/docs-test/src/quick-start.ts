import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { PackedApp } from './packed-app.js';

/** The role of the app's own that the quick start configures and its custom-role route asks for. */
const CUSTOM_ROLE = 'editor';

export interface RunningQuickStart {
  url: string;
  adminEmail: string;
  adminPassword: string;
  customRole: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment the quick start reads, as a reader would set it. */
function quickStartEnv(port: number, adminPassword: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    PORT: String(port),
    JWT_SECRET: 'quick-start-access-secret-of-32-characters!',
    JWT_REFRESH_SECRET: 'quick-start-refresh-secret-of-32-characters',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: adminPassword,
  };
}

/** Runs the quick start with a weak `ADMIN_PASSWORD` until it exits: its exit code and everything it printed. */
export async function failQuickStart(
  app: PackedApp,
  entry: string,
  adminPassword: string,
): Promise<{ exitCode: number | null; output: string }> {
  const child = spawn(process.execPath, [entry], {
    cwd: app.dir,
    env: quickStartEnv(await freePort(), adminPassword),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill(), 20_000);
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { exitCode, output };
}

/** Starts the compiled quick start with Node as a reader would, given the environment it reads. */
export async function startQuickStart(app: PackedApp, entry: string): Promise<RunningQuickStart> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminPassword = 'a long admin pass phrase';
  const env = quickStartEnv(port, adminPassword);
  const adminEmail = env.ADMIN_EMAIL!;
  const child: ChildProcess = spawn(process.execPath, [entry], { cwd: app.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the quick start exited with ${child.exitCode}:\n${output}`);
    // The public route answers once the server listens and the bootstrap super exists.
    const ready = await fetch(`${url}/api/v1/hello`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`the quick start did not answer on ${url} within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    adminEmail,
    adminPassword,
    customRole: CUSTOM_ROLE,
    async stop() {
      if (child.exitCode === null) {
        child.kill();
        await exited;
      }
    },
  };
}

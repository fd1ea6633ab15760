// An example server under valgrind's callgrind, which counts the instructions the server runs in
// user space (every thread): the same count for the same build and requests whatever else the
// machine does, where requests per second on a small shared machine move by half from one minute to
// the next. Kernel work (the socket writes and reads) is not counted: it is the same for every route.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether valgrind runs here; else why not, for the report. */
export async function callgrindMissing(): Promise<string | undefined> {
  try {
    await run('valgrind', ['--version']);
    await run('callgrind_control', ['--version']);
    return undefined;
  } catch {
    return 'valgrind is not installed here (`apt-get install valgrind`)';
  }
}

/** One request, sent again and again over one keep-alive connection. */
export interface SentRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
}

export interface CallgrindServer {
  url: string;
  /** Sends `request` `count` times, one after another; any answer but 200 throws. */
  send(sent: SentRequest, count: number): Promise<void>;
  /** The instructions run while `count` requests were answered, per request. */
  instructionsPerRequest(sent: SentRequest, count: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts `main` (an example's `main.js`) under callgrind with `env`, its instrumentation off until
 * the first count (start-up, sign-ups and warm-up are not counted, and run several times faster).
 */
export async function startCallgrindServer(main: string, env: NodeJS.ProcessEnv): Promise<CallgrindServer> {
  const dir = await mkdtemp(join(tmpdir(), 'gatehouse-callgrind-'));
  // callgrind_control finds the process through files named after the user and the HOST variable
  // (the server's is its listening address): a prefix of our own, and the server's HOST to find them.
  const prefix = `--vgdb-prefix=${join(dir, 'vgdb')}`;
  const controlEnv = { ...process.env, HOST: env.HOST };
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--smc-check=all-non-file',
      prefix,
      `--callgrind-out-file=${join(dir, 'out')}`,
      process.execPath,
      main,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], env },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${main} did not start under valgrind within 5 minutes`)), 300_000);
    child.once('exit', (code) => reject(new Error(`${main} exited with ${code} under valgrind before it listened`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.includes('"gatehouse example server listening"')) return;
      clearTimeout(timer);
      resolve(String((JSON.parse(line) as { url: string }).url));
    });
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (sent: SentRequest) =>
    new Promise<void>((resolve, reject) => {
      const req = request(`${url}${sent.path}`, { method: sent.method, headers: sent.headers, agent }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${sent.method} ${sent.path} answered ${res.statusCode}`)),
        );
      });
      req.on('error', reject);
      req.end();
    });
  const send = async (sent: SentRequest, count: number) => {
    for (let i = 0; i < count; i++) await once(sent);
  };
  // valgrind takes a command when the process next runs: a blocked server runs when a request comes.
  const control = async (...args: string[]) => {
    let done = false;
    const pending = run('callgrind_control', [prefix, ...args, String(child.pid)], { env: controlEnv }).finally(() => (done = true));
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!done) await once({ method: 'GET', path: '/api/v1/health' });
    }
    await pending;
  };
  // A dump is written after callgrind_control returns, when the server next runs: wait for its
  // totals line, sending a request now and then (after the dump, so it is not counted).
  const dumped = async (): Promise<number> => {
    for (let attempt = 0; attempt < 600; attempt++) {
      for (const name of await readdir(dir)) {
        if (!name.startsWith('out.')) continue;
        const total = /\ntotals: (\d+)/.exec(await readFile(join(dir, name), 'utf8'))?.[1];
        if (total === undefined) continue;
        await rm(join(dir, name));
        return Number(total);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (attempt % 10 === 9) await once({ method: 'GET', path: '/api/v1/health' });
    }
    throw new Error('callgrind wrote no dump within a minute');
  };
  let instrumenting = false;
  return {
    url,
    send,
    async instructionsPerRequest(sent, count) {
      // Instrumented from the first count on: the sign-up's hashing and the warm-up run at speed.
      if (!instrumenting) {
        await control('--instr=on');
        // What valgrind translates anew after the switch is not counted.
        await send(sent, 1_000);
        instrumenting = true;
      }
      // A few answers of this route first: the counts are of a route answered again and again.
      await send(sent, 100);
      await control('--zero');
      await send(sent, count);
      await control('--dump');
      return (await dumped()) / count;
    },
    async close() {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

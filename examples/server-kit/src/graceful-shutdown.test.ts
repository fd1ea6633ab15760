import { request as httpRequest, Agent, type IncomingMessage, type RequestListener } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readServerSettings } from './env-config.js';
import { silentLogger } from './logger.js';
import { runFromEnvironment } from './main-entry.js';
import { startServer } from './start-server.js';

/** An app whose `/slow` answers only when the test says so; everything else at once. */
function slowApp() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const listener: RequestListener = (req, res) => {
    if (req.url === '/slow') void released.then(() => res.end('done'));
    else res.end('quick');
  };
  return { listener, release };
}

function get(url: string, agent: Agent): Promise<IncomingMessage & { text: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(Object.assign(res, { text })));
    })
      .on('error', reject)
      .end();
  });
}

const SETTINGS = {
  JWT_SECRET: 'x'.repeat(32),
  JWT_REFRESH_SECRET: 'y'.repeat(32),
  DATABASE_URL: 'memory:',
  PORT: '0',
  MAILHOG_SMTP_PORT: '0',
};

describe('graceful shutdown', () => {
  it('answers the request in flight and the next request on an idle keep-alive connection with Connection: close, and stops accepting', async () => {
    const app = slowApp();
    const running = await startServer(readServerSettings(SETTINGS, { databaseFile: ':memory:' }), () => app.listener, silentLogger);
    const idle = new Agent({ keepAlive: true, maxSockets: 1 });
    const busy = new Agent({ keepAlive: true });
    try {
      // An idle keep-alive connection, and a request in flight on another.
      expect((await get(`${running.url}/quick`, idle)).headers.connection).toBe('keep-alive');
      const inFlight = get(`${running.url}/slow`, busy);
      await vi.waitFor(() => expect(running.inFlight()).toBe(1));

      let drained = false;
      const closed = running.close().then(() => (drained = true));
      await expect(get(`${running.url}/quick`, new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      // The idle connection is not cut under a client that may be sending on it: its next request
      // is answered, with Connection: close.
      const next = await get(`${running.url}/quick`, idle);
      expect(next.text).toBe('quick');
      expect(next.headers.connection).toBe('close');
      expect(drained).toBe(false);

      app.release();
      const answer = await inFlight;
      expect(answer.text).toBe('done');
      expect(answer.headers.connection).toBe('close');
      await closed;
      expect(drained).toBe(true);
    } finally {
      idle.destroy();
      busy.destroy();
      app.release();
      await running.close();
    }
  });

  it('closes a keep-alive connection nobody uses again after the keep-alive timeout', async () => {
    const app = slowApp();
    const running = await startServer(readServerSettings(SETTINGS, { databaseFile: ':memory:' }), () => app.listener, silentLogger);
    const agent = new Agent({ keepAlive: true });
    try {
      await get(`${running.url}/quick`, agent);
      const started = Date.now();
      await running.close();
      // Node's keepAliveTimeout (5 s) counts from the last answer; Node closes the socket on its
      // next timer check after that (about 6 s here).
      expect(Date.now() - started).toBeLessThan(7_500);
      // The client hears of the close a moment after the server counted the connection gone.
      await vi.waitFor(() => expect(agent.freeSockets).toEqual({}));
    } finally {
      agent.destroy();
      await running.close();
    }
  }, 12_000);
});

describe('runFromEnvironment on SIGTERM', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  async function start(env: Record<string, string>) {
    for (const [name, value] of Object.entries({ ...SETTINGS, SMTP_HOST: '', REDIS_URL: '', RATE_LIMIT_STORE: '', ...env }))
      vi.stubEnv(name, value);
    const lines: string[] = [];
    for (const level of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation((line: string) => void lines.push(line));
    const exits: number[] = [];
    vi.spyOn(process, 'exit').mockImplementation(((code?: number) => void exits.push(code ?? 0)) as typeof process.exit);
    const app = slowApp();
    // The listener the entry point builds is ours; its URL is read from the log line.
    await runFromEnvironment(() => app.listener, { databaseFile: ':memory:' });
    const listening = lines
      .map((l) => JSON.parse(l) as { message: string; url?: string })
      .find((l) => l.message === 'gatehouse example server listening');
    return { app, lines, exits, url: listening!.url! };
  }

  it('exits 0 once the requests in flight are answered, within SHUTDOWN_TIMEOUT', async () => {
    const { app, exits, url } = await start({ SHUTDOWN_TIMEOUT: '5s' });
    const agent = new Agent({ keepAlive: true });
    const inFlight = get(`${url}/slow`, agent);
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.emit('SIGTERM');
    setTimeout(() => app.release(), 200);
    expect((await inFlight).headers.connection).toBe('close');
    await vi.waitFor(() => expect(exits).toEqual([0]), { timeout: 4_000 });
    agent.destroy();
  });

  it('logs and exits 1 when a request is still open at the deadline', async () => {
    const { app, lines, exits, url } = await start({ SHUTDOWN_TIMEOUT: '300ms' });
    const agent = new Agent({ keepAlive: true });
    const inFlight = get(`${url}/slow`, agent).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    process.emit('SIGTERM');
    await vi.waitFor(() => expect(exits).toEqual([1]), { timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'shutdown deadline passed: exiting with requests still open', inFlight: 1 }),
    );
    app.release();
    await inFlight;
    agent.destroy();
  });
});

import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openSqlStore } from '../src/open-sql-database.js';

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A TCP server that accepts connections and never says a word: a database that hangs. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a database that cannot be used is DATABASE_UNAVAILABLE (503), never a hang or a 500', () => {
  it('refuses at once when nothing listens, with the driver error as cause', async () => {
    const port = await closedPort();
    const opening = openSqlStore(`postgres://postgres@127.0.0.1:${port}/postgres`, { connectTimeoutMs: 2_000 });
    const error = await opening.then(
      () => expect.fail('expected a refusal'),
      (e: unknown) => e as Error & { code?: string; cause?: unknown },
    );
    expect(error.code).toBe('DATABASE_UNAVAILABLE');
    expect(String((error.cause as Error).message)).toContain('ECONNREFUSED');
  });

  it('gives up after connectTimeoutMs on a server that accepts and never answers', async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      const error = await openSqlStore(`postgres://postgres@127.0.0.1:${silent.port}/postgres`, { connectTimeoutMs: 300 }).then(
        () => expect.fail('expected a refusal'),
        (e: unknown) => e as { code?: string },
      );
      expect(error.code).toBe('DATABASE_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await silent.close();
    }
  });

  it('answers a query on a closed store (a request during shutdown) with DATABASE_UNAVAILABLE', async () => {
    const store = await openSqlStore('sqlite::memory:');
    await store.close();
    await expect(store.users.findUserById('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    await expect(store.ping()).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  });

  it('refuses connection options out of range with INVALID_CONFIG naming them', async () => {
    await expect(openSqlStore('sqlite::memory:', { poolSize: 0, queryTimeoutMs: 1.5 })).rejects.toMatchObject({
      code: 'INVALID_CONFIG',
      details: [
        { path: 'poolSize', message: 'must be a whole number from 1 to 1000' },
        { path: 'queryTimeoutMs', message: 'must be a whole number from 1 to 3600000' },
      ],
    });
  });
});

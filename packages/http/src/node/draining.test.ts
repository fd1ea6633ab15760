import { once } from 'node:events';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { describe, expect, it } from 'vitest';
import { createDraining } from './draining.js';

function get(url: string): Promise<IncomingMessage & { text: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(Object.assign(res, { text })));
    })
      .on('error', reject)
      .end();
  });
}

describe('createDraining with auth.shutdown', () => {
  it('answers the request in flight with Connection: close, stops accepting, and closes the store only after the server drained', async () => {
    const steps: string[] = [];
    const store = Object.assign(createMemoryStore(), { close: async () => void steps.push('store closed') });
    const auth = createTestAuth(store);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const draining = createDraining((req, res) => {
      if (req.url === '/slow') void released.then(() => res.end('done'));
      else res.end('quick');
    });
    const server = createServer(draining.listener).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const inFlight = get(`${url}/slow`);
    await expect.poll(() => draining.inFlight()).toBe(1);
    const stopped = auth.shutdown(async () => {
      await draining.drain(server);
      steps.push('server drained');
    });
    await expect(get(`${url}/quick`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await auth.checkReadiness()).toMatchObject({ status: 'stopping' });
    expect(steps).toEqual([]);

    release();
    const answer = await inFlight;
    expect([answer.text, answer.headers.connection]).toEqual(['done', 'close']);
    await stopped;
    expect(steps).toEqual(['server drained', 'store closed']);
  });
});

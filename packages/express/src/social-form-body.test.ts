import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from '@gatehousejs/core';
import { createTestAuth } from '@gatehousejs/core/testing';
import { routeTable, type SocialRoute } from '@gatehousejs/http/adapter';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';
import { tableRouter } from './library-routers.js';

/** A form_post callback route that answers with the parameters the adapter gave it. */
const ECHO_CALLBACK: SocialRoute = {
  method: 'POST',
  path: '/oauth/:provider/callback',
  access: 'public',
  body: 'form',
  handle: async (_auth, input) => ({ status: 200, body: { parameters: [...input.parameters] } }),
};

let auth: Auth;
const servers: Server[] = [];
const bases: Record<string, string> = {};

/** An app with a body parser of its own in front of the routes, as many Express apps have. */
async function start(name: string, parser: RequestHandler | undefined): Promise<void> {
  const router = tableRouter(auth, routeTable([ECHO_CALLBACK]), { bodyLimitBytes: 1024 });
  const app = express();
  if (parser) app.use(parser);
  app
    .use('/api/v1/auth', router)
    .use(notFound())
    .use(errorHandler(() => {}));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  auth = createTestAuth(createMemoryStore());
  await start('none', undefined);
  await start('urlencoded', express.urlencoded({ extended: false }));
  await start('extended', express.urlencoded({ extended: true }));
  await start('text', express.text({ type: '*/*' }));
});

afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const callback = (name: string, body: string, headers: Record<string, string> = FORM) =>
  fetch(`${bases[name]}/api/v1/auth/oauth/apple/callback`, { method: 'POST', headers, body });

describe('the form_post callback behind a body parser the app mounted first', () => {
  for (const name of ['none', 'urlencoded', 'extended', 'text']) {
    it(`${name}: gets the form's parameters, repeated ones kept`, async () => {
      const answer = await callback(name, 'state=s1&code=c1&code=c2&user=%7B%22name%22%3A1%7D');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        parameters: [
          ['state', 's1'],
          ['code', 'c1'],
          ['code', 'c2'],
          ['user', '{"name":1}'],
        ],
      });
    });

    it(`${name}: refuses a JSON body (415) and a form over the limit (413)`, async () => {
      const json = await callback(name, '{"state":"s1"}', { 'content-type': 'application/json' });
      expect(json.status).toBe(415);
      const big = await callback(name, `state=${'x'.repeat(2000)}`);
      expect(big.status).toBe(413);
      expect((await big.json()) as object).toMatchObject({ statusCode: 413, code: 'BODY_TOO_LARGE' });
    });
  }

  it('refuses a nested parameter that the extended parser built (400), never passing an object on', async () => {
    const answer = await callback('extended', 'state[a]=1&code=c1');
    expect(answer.status).toBe(400);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFound } from './error-handler.js';

let server: Server;
let base = '';
const logged: unknown[] = [];

const withStatus = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

beforeAll(async () => {
  // A plain Express app, as a user may build one around the Gatehouse routers: its own parser and routes.
  const app = express();
  app.post('/own-parser', express.json({ limit: 10 }), (req, res) => void res.json(req.body));
  app.get('/items/:id', (req, res) => void res.json({ id: req.params.id }));
  app.get('/status/:code', (req) => {
    throw withStatus('raw message naming /status', { status: Number(req.params.code), expose: true });
  });
  app.get('/status-code/:code', (req) => {
    throw withStatus('raw message', { statusCode: Number(req.params.code) });
  });
  app.use(notFound()).use(errorHandler((error) => logged.push(error)));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(path: string, init?: RequestInit) {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> };
}

describe('errorHandler with the errors Express raises itself', () => {
  it('answers a route parameter that is not validly percent-encoded with the 400 of every adapter, not a 500', async () => {
    for (const id of ['%ZZ', '%E0%A4%A']) {
      const res = await call(`/items/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'The request path is not validly percent-encoded.',
        error: 'Bad Request',
        code: 'PATH_MALFORMED',
      });
    }
    expect(logged).toEqual([]);
  });

  it("maps body-parser's refusals to the shared body errors", async () => {
    const post = (body: string, type = 'application/json') =>
      call('/own-parser', { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post('{"a":')).body).toEqual({
      statusCode: 400,
      message: 'The request body is not valid JSON.',
      error: 'Bad Request',
      code: 'BODY_MALFORMED',
    });
    expect((await post('{"a":"0123456789"}')).body).toEqual({
      statusCode: 413,
      message: 'The request body is too large.',
      error: 'Payload Too Large',
      code: 'BODY_TOO_LARGE',
    });
    expect((await post('{}', 'application/json; charset=latin9')).body).toMatchObject({
      statusCode: 415,
      error: 'Unsupported Media Type',
      code: 'BODY_NOT_UTF8',
    });
  });

  it('keeps any other 4xx status or statusCode, with the contract body and without the raw message', async () => {
    for (const path of ['/status/408', '/status-code/422', '/status/431']) {
      const res = await call(path);
      const status = Number(path.split('/').pop());
      expect(res.status, path).toBe(status);
      expect(res.type).toBe('application/json; charset=utf-8');
      expect(res.body).toEqual({
        statusCode: status,
        message: 'The request could not be processed.',
        error: expect.not.stringMatching(/^Error$/),
        code: 'REQUEST_REFUSED',
      });
    }
  });

  it('answers an error carrying a 5xx or no usable status with the generic 500, logged on the server only', async () => {
    for (const path of ['/status/503', '/status/302', '/status/4']) {
      const res = await call(path);
      expect(res.status, path).toBe(500);
      expect(res.body).toEqual({
        statusCode: 500,
        message: 'An unexpected error occurred.',
        error: 'Internal Server Error',
        code: 'INTERNAL_ERROR',
      });
    }
    expect(logged).toHaveLength(3);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from '@gatehousejs/core';
import { createTestAuth } from '@gatehousejs/core/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRouter } from './library-routers.js';
import { errorHandler, notFound } from './error-handler.js';
import { publicRoute } from './guard.js';
import { secureRouter } from './secure-router.js';

let auth: Auth;
const servers: Server[] = [];
const logged: unknown[] = [];
const bases: Record<string, string> = {};

/** An app of the usual shape: a body parser of its own first, then the Gatehouse routers. */
async function start(name: string, parser: RequestHandler): Promise<void> {
  const api = secureRouter(auth);
  api.post('/echo', publicRoute, (req, res) => void res.json({ body: req.body ?? null }));
  api.post('/echo-protected', (req, res) => void res.json({ body: req.body ?? null }));
  const app = express()
    .use(parser)
    .use('/api/v1/auth', authRouter(auth))
    .use('/api/v1', api)
    .use(notFound())
    .use(errorHandler((error) => logged.push(error)));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  auth = createTestAuth(createMemoryStore());
  await start('json', express.json());
  await start('urlencoded', express.urlencoded());
  await start('text', express.text({ type: '*/*' }));
  // Reads the stream and keeps nothing: the body is gone before Gatehouse sees the request.
  await start('drain', (req, _res, next) => {
    req.resume();
    req.on('end', () => next());
  });
});

afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

const post = (base: string, path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${base}${path}`, { method: 'POST', headers, body });

const registration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};

describe('a body that express.json() before the routers already read', () => {
  it('registers with a valid body (201), instead of answering 400 for fields it never saw', async () => {
    const res = await post(bases.json!, '/api/v1/auth/register', JSON.stringify(registration));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe('ada@example.com');
  });

  it('hands a route of the secure router the parsed body, never null', async () => {
    const res = await post(bases.json!, '/api/v1/echo', '{"a":1,"b":[true]}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: { a: 1, b: [true] } });
  });

  it('still verifies the token before a protected route gets the body', async () => {
    expect((await post(bases.json!, '/api/v1/echo-protected', '{"a":1}')).status).toBe(401);
  });

  it('refuses a body over 16 KiB with 413, though express.json() allows 100 KiB', async () => {
    const res = await post(bases.json!, '/api/v1/echo', JSON.stringify({ pad: 'x'.repeat(20_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      statusCode: 413,
      message: 'The request body is too large.',
      error: 'Payload Too Large',
      code: 'BODY_TOO_LARGE',
    });
  });

  it('treats an empty JSON body as no body, as without the parser (body-parser makes it {})', async () => {
    const res = await post(bases.json!, '/api/v1/echo', '');
    expect(await res.json()).toEqual({ body: null });
  });

  it('answers malformed JSON with the shared 400', async () => {
    const res = await post(bases.json!, '/api/v1/echo', '{"a":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: 'The request body is not valid JSON.',
      error: 'Bad Request',
      code: 'BODY_MALFORMED',
    });
  });

  it('refuses JSON in a charset other than UTF-8 with 415, as without the parser', async () => {
    const res = await post(bases.json!, '/api/v1/echo', '{"a":1}', { 'content-type': 'application/json; charset=iso-8859-1' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      statusCode: 415,
      message: 'The request body must be UTF-8 encoded JSON.',
      error: 'Unsupported Media Type',
      code: 'BODY_NOT_UTF8',
    });
  });

  it('still reads a body the parser left alone (not JSON): 415 as usual', async () => {
    const res = await post(bases.json!, '/api/v1/echo', 'a=1', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      statusCode: 415,
      message: 'The request body must be JSON (Content-Type: application/json).',
      error: 'Unsupported Media Type',
      code: 'BODY_NOT_JSON',
    });
  });
});

describe('a body that another parser before the routers already read', () => {
  it('refuses a form that express.urlencoded() parsed with the 415 a form gets anyway', async () => {
    const res = await post(bases.urlencoded!, '/api/v1/echo', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
  });

  it('parses the text express.text() kept by the shared rules', async () => {
    expect(await (await post(bases.text!, '/api/v1/echo', '{"a":2}')).json()).toEqual({ body: { a: 2 } });
    expect((await post(bases.text!, '/api/v1/echo', '{"a":')).status).toBe(400);
    expect((await post(bases.text!, '/api/v1/echo', JSON.stringify({ pad: 'x'.repeat(20_000) }))).status).toBe(413);
  });

  it('fails loudly, with the cause in the server log, when the body was consumed and not kept', async () => {
    const res = await post(bases.drain!, '/api/v1/echo', '{"a":1}');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      statusCode: 500,
      message: 'An unexpected error occurred.',
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
    });
    expect(String(logged.at(-1))).toContain('The request body was read before Gatehouse');
  });
});

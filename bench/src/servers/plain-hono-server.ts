// The yardstick for the Hono example's health route: a plain Hono app (no Gatehouse, no middleware)
// answering the same JSON at the same path, served by @hono/node-server the way the example is.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import './cpu-reporter.js';

const app = new Hono();
app.get('/api/v1/health', (c) => c.json({ status: 'ok' }));

const server = createServer(getRequestListener(app.fetch));
server.listen(0, '127.0.0.1', () => process.send!({ type: 'ready', port: (server.address() as AddressInfo).port }));
process.once('SIGTERM', () => process.exit(0));

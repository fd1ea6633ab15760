import 'reflect-metadata';
import type { RequestListener } from 'node:http';
import { createServer } from 'node:http';
import type { AppParts, Logger } from '@gatehousejs/example-server-kit';
import { gatehouseFastifyOptions } from '@gatehousejs/nestjs';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import express from 'express';
import { appModule } from './app-module.js';
import { pageMiddleware } from './page-middleware.js';

/** The platform under Nest: `NEST_PLATFORM=express` (the default) or `fastify`. */
export type NestPlatform = 'express' | 'fastify';

/** Nest's own lines (start-up, route map) into the example's structured log, at debug level: dropped. */
const nestLogger = (log: Logger): LoggerService => ({
  log: () => {},
  warn: (message: unknown) => log.warn(String(message)),
  error: (message: unknown) => log.error(String(message)),
});

// Express names itself in every answer, and matches paths in any case and with a trailing slash,
// unless told otherwise before its router exists; Hono and the contract match exactly.
function expressAdapter(): ExpressAdapter {
  const server = express();
  server.disable('x-powered-by');
  server.set('etag', false);
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  return new ExpressAdapter(server);
}

/**
 * The Nest app of the example as a Node request listener for the kit's HTTP server, on either
 * platform. Nest's body parser is off: the module's guard reads bodies under the contract's rules.
 */
export async function nestListener(parts: AppParts, platform: NestPlatform = 'express'): Promise<RequestListener> {
  let fastifyHandler: RequestListener | undefined;
  const adapter =
    platform === 'express'
      ? expressAdapter()
      : new FastifyAdapter({
          ...gatehouseFastifyOptions(),
          // Fastify builds its server around its handler: that handler is the listener the kit serves.
          serverFactory: (handler: RequestListener) => {
            fastifyHandler = handler;
            return createServer(handler);
          },
        });
  const app = await NestFactory.create(appModule(parts), adapter, { bodyParser: false, logger: nestLogger(parts.log) });
  app.use(pageMiddleware(parts));
  await app.init();
  if (platform === 'express') return app.getHttpAdapter().getInstance() as RequestListener;
  await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
  if (!fastifyHandler) throw new Error('Fastify did not build its server through serverFactory');
  return fastifyHandler;
}

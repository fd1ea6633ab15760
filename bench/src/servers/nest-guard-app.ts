import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Auth } from '@gatehousejs/core';
import { GatehouseModule } from '@gatehousejs/nestjs';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import { logUnexpected } from './log-unexpected.js';

@Controller('bench')
class HelloController {
  @Get('hello')
  hello() {
    return { ok: true };
  }
}

/**
 * NestJS 11 on Express: the controller alone when bare; with `GatehouseModule.forRoot({ auth })`
 * (its global deny-by-default guard and exception filter) when guarded. Nest's body parser is off
 * in both, as the module's documentation asks.
 */
export async function nestGuardApp(auth: Auth<string> | undefined): Promise<number> {
  @Module({ imports: auth ? [GatehouseModule.forRoot({ auth, log: logUnexpected })] : [], controllers: [HelloController] })
  class BenchModule {}
  const server = express();
  server.disable('x-powered-by');
  server.set('etag', false);
  const app = await NestFactory.create(BenchModule, new ExpressAdapter(server), { bodyParser: false, logger: false });
  await app.listen(0, '127.0.0.1');
  return (app.getHttpServer() as { address(): AddressInfo }).address().port;
}

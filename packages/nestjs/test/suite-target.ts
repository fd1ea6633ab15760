import 'reflect-metadata';
import type { HttpSuiteTarget, SuiteAppParts, SuiteStorage } from '@gatehousejs/http/testing';
import { SUITE_PROBES } from '@gatehousejs/http/testing';
import { createNativeArgon2idHasher } from '@gatehousejs/hasher';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { GatehouseModule, gatehouseFastifyOptions, Public, Roles } from '../src/index.js';

/** The two probe routes of the suite, with this adapter's decorators. */
@Controller(SUITE_PROBES.public.slice(1, SUITE_PROBES.public.lastIndexOf('/')))
class ProbeController {
  @Public()
  @Get('public')
  health() {
    return { status: 'ok' };
  }

  @Roles('manager', 'admin', 'super')
  @Get('managers')
  managers() {
    return { ok: true };
  }
}

/** The smallest Nest app that mounts everything the HTTP suite drives, with this package's public API only. */
export function suiteModule({ auth, corsOrigins, trustedProxyHops }: SuiteAppParts): new () => object {
  @Module({
    imports: [GatehouseModule.forRoot({ auth, corsOrigins, trustedProxyHops, resetPasswordPage: true })],
    controllers: [ProbeController],
  })
  class SuiteModule {}
  return SuiteModule;
}

export type NestPlatform = 'express' | 'fastify';

/** A Nest app on `platform`, as an app would create it (Nest's logger off: the suite's noise is its own). */
export async function createNestApp(platform: NestPlatform, module: new () => object): Promise<INestApplication> {
  if (platform === 'fastify') return NestFactory.create(module, new FastifyAdapter(gatehouseFastifyOptions()), { logger: false });
  // Express names itself in every answer, and matches paths in any case and with a trailing slash,
  // unless told not to before its router exists (docs/nestjs.md).
  const server = express();
  server.disable('x-powered-by');
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  // Gatehouse reads the bodies under the contract's rules; Nest's own JSON parser would answer first.
  const app = await NestFactory.create<NestExpressApplication>(module, new ExpressAdapter(server), { logger: false, bodyParser: false });
  return app;
}

export function memoryStorage(): SuiteStorage {
  const store = createMemoryStore();
  return { store, close: () => store.close() };
}

/** The suite's target for Nest on `platform`: the app listens on an ephemeral loopback port. */
export function nestTarget(platform: NestPlatform, openStorage: HttpSuiteTarget['openStorage'], skipReason?: string): HttpSuiteTarget {
  return {
    openStorage,
    skipReason,
    // Off the event loop, as in production: the login-timing and hash-flood cases measure real hashes.
    createHasher: (params) => ({ hasher: createNativeArgon2idHasher(params) }),
    async createApp(parts) {
      const app = await createNestApp(platform, suiteModule(parts));
      await app.listen(0, '127.0.0.1');
      const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      return { baseUrl, close: () => app.close() };
    },
  };
}

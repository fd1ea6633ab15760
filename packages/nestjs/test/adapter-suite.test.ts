import 'reflect-metadata';
import type { AccessTokenPayload } from '@gatehousejs/core';
import type { AccessVerifier } from '@gatehousejs/http';
import { describeAdapterSuite, loopbackFetch } from '@gatehousejs/http/testing';
import { createMemoryStore } from '@gatehousejs/store-memory';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { AllRoles, CurrentUser, GatehouseModule, Public, Roles } from '../src/index.js';
import { createNestApp, type NestPlatform } from './suite-target.js';

/** The adapter suite's probe routes (`ADAPTER_PROBES`), with this package's decorators. */
@Controller('probe')
class ProbeController {
  @Public()
  @Get('open')
  open() {
    return { open: true };
  }

  @Get('closed')
  closed(@CurrentUser() user: AccessTokenPayload) {
    return { id: user.id };
  }

  @Post('echo')
  echo(@Body() body: unknown) {
    return { body: body ?? null };
  }

  @Roles('manager', 'admin')
  @Get('either')
  either() {
    return { ok: true };
  }

  @AllRoles('manager', 'user')
  @Get('both')
  both() {
    return { ok: true };
  }

  @Public()
  @Roles('admin')
  @Get('odd')
  odd() {
    return { odd: true };
  }
}

/** Given an `Auth`, the module serves the library's routes too; given a JWKS verifier, the guard alone. */
const probeModule = (auth: AccessVerifier) => {
  @Module({ imports: [GatehouseModule.forRoot({ auth, log: () => {} })], controllers: [ProbeController] })
  class ProbeModule {}
  return ProbeModule;
};

for (const platform of ['express', 'fastify'] as NestPlatform[]) {
  async function probeApp(auth: AccessVerifier) {
    const app = await createNestApp(platform, probeModule(auth));
    await app.listen(0, '127.0.0.1');
    // Nest answers Node's requests: the suite's requests go over loopback.
    return {
      fetch: loopbackFetch((await app.getUrl()).replace('[::1]', '127.0.0.1')),
      close: () => app.close(),
    };
  }
  describeAdapterSuite(`Nest on ${platform}`, {
    openStore: () => createMemoryStore(),
    createApp: probeApp,
    createResourceApp: probeApp,
  });
}

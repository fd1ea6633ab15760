import type { AppParts } from '@gatehousejs/example-server-kit';
import { Public, Roles } from '@gatehousejs/nestjs';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

type Readiness = AppParts['readiness'];

/** The injection token of the kit's readiness check. */
export const READINESS = Symbol('readiness');

/**
 * The example's own routes of CONTRACT §7, beside the library's user routes (the module's). Each
 * route says who may call it; none says "authenticated" because the global guard already denies
 * anonymous callers by default.
 */
@Controller('api/v1')
export class ResourceController {
  constructor(
    @Inject(READINESS) private readonly readiness: Readiness,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  @Public()
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness for a load balancer: public, and nothing in it but dependency names and ok/unavailable. */
  @Public()
  @Get('health/ready')
  async ready(@Res() response: unknown): Promise<void> {
    const { status, body, headers } = await this.readiness.check();
    const { httpAdapter } = this.adapterHost;
    for (const name in headers) httpAdapter.setHeader(response, name, headers[name]!);
    httpAdapter.reply(response, body, status);
  }

  @Roles('manager', 'admin', 'super')
  @Get('reports')
  reports() {
    return {
      reports: [
        { id: 'signups-weekly', title: 'Weekly sign-ups' },
        { id: 'active-users', title: 'Active users' },
      ],
    };
  }
}

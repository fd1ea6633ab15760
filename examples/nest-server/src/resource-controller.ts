import { Public, Roles } from '@gatehousejs/nestjs';
import { Controller, Get } from '@nestjs/common';

/**
 * The example's own routes of CONTRACT §7, beside the library's user routes and readiness (the module's). Each
 * route says who may call it; none says "authenticated" because the global guard already denies
 * anonymous callers by default.
 */
@Controller('api/v1')
export class ResourceController {
  @Public()
  @Get('health')
  health() {
    return { status: 'ok' };
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
